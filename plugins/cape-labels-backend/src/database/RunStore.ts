import { PendingDeletesDatabase } from './PendingDeletesDatabase';
import { RequestsDatabase } from './RequestsDatabase';
import { RunsDatabase } from './RunsDatabase';
import { SightingsDatabase } from './SightingsDatabase';
import { StoreConnection, type StoreOptions } from './storeConnection';
import { TowerStateDatabase } from './TowerStateDatabase';

export type { PendingBatchId, PendingDelete } from './PendingDeletesDatabase';
export type { SweepRequest } from './RequestsDatabase';
export type { NewRun } from './RunsDatabase';
export type { LoginBackoff } from './TowerStateDatabase';

type Methods<T> = Pick<T, keyof T>;

export type RunsStore = Methods<RunsDatabase>;
export type RequestsStore = Methods<RequestsDatabase>;
export type PendingDeletesStore = Methods<PendingDeletesDatabase>;
export type NotifiedHealthStore = Pick<
  TowerStateDatabase,
  'getNotifiedHealth' | 'setNotifiedHealth'
>;
export type LoginBackoffStore = Omit<
  Methods<TowerStateDatabase>,
  keyof NotifiedHealthStore
>;

/** Every aggregate's store on one object, as the plugin wires it; tests and benchmarks wrap it. */
export type RunStore = Awaited<ReturnType<typeof openRunStore>>;

/** `store`'s class methods, bound: they survive a spread or a Proxy (helpers are not methods). */
function bound<T extends object>(store: T): Methods<T> {
  const prototype = Object.getPrototypeOf(store) as Record<
    string,
    (...args: never[]) => unknown
  >;
  return Object.fromEntries(
    Object.getOwnPropertyNames(prototype)
      .filter(name => name !== 'constructor')
      .map(name => [name, prototype[name].bind(store)]),
  ) as Methods<T>;
}

export async function openRunStore(options: StoreOptions) {
  const connection = await StoreConnection.open(options);
  return {
    ...bound(new RunsDatabase(connection)),
    ...bound(new RequestsDatabase(connection)),
    ...bound(new PendingDeletesDatabase(connection)),
    ...bound(new SightingsDatabase(connection)),
    ...bound(new TowerStateDatabase(connection)),
  };
}
