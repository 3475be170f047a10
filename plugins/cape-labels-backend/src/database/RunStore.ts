import {
  PENDING_DELETES_STORE,
  PendingDeletesDatabase,
  type PendingDeletesStore,
} from './PendingDeletesDatabase';
import {
  REQUESTS_STORE,
  RequestsDatabase,
  type RequestsStore,
} from './RequestsDatabase';
import { RUNS_STORE, RunsDatabase, type RunsStore } from './RunsDatabase';
import {
  SIGHTINGS_STORE,
  SightingsDatabase,
  type SightingsStore,
} from './SightingsDatabase';
import { StoreConnection, type StoreOptions } from './storeConnection';
import {
  LOGIN_BACKOFF_STORE,
  NOTIFIED_HEALTH_STORE,
  TowerStateDatabase,
  type LoginBackoffStore,
  type NotifiedHealthStore,
} from './TowerStateDatabase';

export type {
  PendingBatchId,
  PendingDelete,
  PendingDeletesStore,
} from './PendingDeletesDatabase';
export type { RequestsStore, SweepRequest } from './RequestsDatabase';
export type { NewRun, RunsStore } from './RunsDatabase';
export type { SightingsStore } from './SightingsDatabase';
export type {
  LoginBackoff,
  LoginBackoffStore,
  NotifiedHealthStore,
} from './TowerStateDatabase';

/** Every aggregate's store on one object, as the plugin wires it; tests and benchmarks wrap it. */
export type RunStore = RunsStore &
  RequestsStore &
  PendingDeletesStore &
  SightingsStore &
  NotifiedHealthStore &
  LoginBackoffStore;

/** The named methods of `store`, bound to it: they survive a spread or a Proxy's `apply`. */
function methods<T, K extends keyof T>(
  store: T,
  names: readonly K[],
): Pick<T, K> {
  return Object.fromEntries(
    names.map(name => [name, (store[name] as () => unknown).bind(store)]),
  ) as Pick<T, K>;
}

export async function openRunStore(options: StoreOptions): Promise<RunStore> {
  const connection = await StoreConnection.open(options);
  const towerState = new TowerStateDatabase(connection);
  return {
    ...methods(new RunsDatabase(connection), RUNS_STORE),
    ...methods(new RequestsDatabase(connection), REQUESTS_STORE),
    ...methods(new PendingDeletesDatabase(connection), PENDING_DELETES_STORE),
    ...methods(new SightingsDatabase(connection), SIGHTINGS_STORE),
    ...methods(towerState, NOTIFIED_HEALTH_STORE),
    ...methods(towerState, LOGIN_BACKOFF_STORE),
  };
}
