import { PendingDeletesDatabase } from './PendingDeletesDatabase';
import type { PendingDeletesStore } from './PendingDeletesStore';
import { RequestsDatabase } from './RequestsDatabase';
import type { RequestsStore } from './RequestsStore';
import { RunsDatabase } from './RunsDatabase';
import type { RunsStore } from './RunsStore';
import { SightingsDatabase } from './SightingsDatabase';
import type { SightingsStore } from './SightingsStore';
import { StoreConnection, type StoreOptions } from './storeConnection';
import { TowerStateDatabase } from './TowerStateDatabase';
import type { LoginBackoffStore, NotifiedHealthStore } from './TowerStateStore';

export type {
  PendingBatchId,
  PendingDelete,
  PendingDeletesStore,
} from './PendingDeletesStore';
export type { RequestsStore, SweepRequest } from './RequestsStore';
export type { NewRun, RunsStore } from './RunsStore';
export type { SightingsStore } from './SightingsStore';
export type {
  LoginBackoff,
  LoginBackoffStore,
  NotifiedHealthStore,
} from './TowerStateStore';

/** Every aggregate's store on one object, as the plugin wires it; tests and benchmarks wrap it. */
export type RunStore = RunsStore &
  RequestsStore &
  PendingDeletesStore &
  SightingsStore &
  NotifiedHealthStore &
  LoginBackoffStore;

/** The methods of `store`'s class, bound to it: they survive a spread or a Proxy's `apply`. */
function bound<T extends object>(store: T): T {
  const prototype = Object.getPrototypeOf(store) as object;
  return Object.fromEntries(
    Object.getOwnPropertyNames(prototype)
      .filter(name => name !== 'constructor')
      .map(name => {
        const method = Reflect.get(store, name) as (
          ...args: unknown[]
        ) => unknown;
        return [name, method.bind(store)];
      }),
  ) as T;
}

export async function openRunStore(options: StoreOptions): Promise<RunStore> {
  const connection = await StoreConnection.open(options);
  const pendingDeletes = new PendingDeletesDatabase(connection);
  const sightings = new SightingsDatabase(connection);
  const runs = new RunsDatabase(connection, pendingDeletes, sightings);
  return {
    ...bound<RunsStore>(runs),
    ...bound<RequestsStore>(new RequestsDatabase(connection, runs)),
    ...bound<PendingDeletesStore>(pendingDeletes),
    ...bound<SightingsStore>(sightings),
    ...bound<NotifiedHealthStore & LoginBackoffStore>(
      new TowerStateDatabase(connection),
    ),
  };
}
