import {
  resolvePackagePath,
  type DatabaseService,
} from '@backstage/backend-plugin-api';
import type { Knex } from 'knex';
import { CHUNK, chunks } from '../lib/chunks';
import { Limiter } from '../lib/limiter';
import { useWriteAheadLog } from './dialect';

export function migrationsDirectory(): string {
  return resolvePackagePath(
    '@smartx-cape/plugin-cape-labels-backend',
    'migrations',
  );
}

export type StoreOptions = { database: DatabaseService };

/** The plugin's knex client, shared by the store of every aggregate. */
export class StoreConnection {
  static async open(options: StoreOptions): Promise<StoreConnection> {
    const db = await options.database.getClient();
    await useWriteAheadLog(db);
    if (!options.database.migrations?.skip) {
      await db.migrate.latest({ directory: migrationsDirectory() });
    }
    return new StoreConnection(db);
  }

  /**
   * Half of the pool at most for the sweeps' bulk writes: however many sweeps run, the API's
   * reads and the scheduler's queries find a free connection.
   */
  private readonly bulkWrites: Limiter;

  private constructor(readonly db: Knex) {
    const pool = db.client.pool as { max?: number } | undefined;
    const poolSize = pool?.max ?? (db.client.config as Knex.Config).pool?.max;
    this.bulkWrites = new Limiter(
      Math.max(1, Math.floor((poolSize ?? 10) / 2)),
    );
  }

  async bulkWrite<R>(write: () => Promise<R>): Promise<R> {
    const release = await this.bulkWrites.acquire();
    try {
      return await write();
    } finally {
      release();
    }
  }
}

export abstract class ConnectedStore {
  constructor(protected readonly connection: StoreConnection) {}

  protected get db(): Knex {
    return this.connection.db;
  }
}

export async function readInChunks<T>(
  ids: readonly string[],
  read: (chunk: string[]) => PromiseLike<T[]>,
  size = CHUNK,
): Promise<T[]> {
  const rows: T[] = [];
  for (const chunk of chunks([...new Set(ids)], size))
    rows.push(...(await read(chunk)));
  return rows;
}
