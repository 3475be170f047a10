import { resolvePackagePath } from '@backstage/backend-plugin-api';
import type { Knex } from 'knex';

export function migrationsDirectory(): string {
  return resolvePackagePath(
    '@smartx-cape/plugin-cape-labels-backend',
    'migrations',
  );
}

/** Runs the plugin's migrations (idempotent). */
export async function migrateRunStore(db: Knex): Promise<void> {
  await db.migrate.latest({ directory: migrationsDirectory() });
}
