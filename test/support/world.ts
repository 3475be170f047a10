import { killAllChildren } from './processes';
import { CapeLabelsDb, dropDatabases } from './postgres';
import { stopSimulators, type RunningSimulator } from './simulators';

/**
 * The end of a test world of backends on PostgreSQL: every backend process, the simulators, the
 * connection to the plugin's database, then the scratch databases; returns the names dropped.
 */
export async function disposeWorld(world: {
  sims: Iterable<RunningSimulator>;
  db: CapeLabelsDb;
  prefix: string;
}): Promise<string[]> {
  await killAllChildren();
  await stopSimulators([...world.sims]);
  await world.db.close().catch(() => undefined);
  return dropDatabases(world.prefix).catch(error => [
    `(drop failed: ${error})`,
  ]);
}
