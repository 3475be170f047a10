import { randomBytes } from 'node:crypto';
import { TEST_POSTGRES_URL } from '../../plugins/cape-labels-backend/src/database/__testUtils__/testPostgres';

export const STATIC_TOKEN = 'demo-static-token';

export type PostgresConnection = {
  host: string;
  port: number;
  user: string;
  password?: string;
};

function parseConnection(url: string): PostgresConnection {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 5432),
    user: decodeURIComponent(parsed.username) || 'postgres',
    ...(parsed.password
      ? { password: decodeURIComponent(parsed.password) }
      : {}),
  };
}

export const LOCAL_POSTGRES = parseConnection(TEST_POSTGRES_URL);

/** A database prefix unique to this test run: Backstage creates `<prefix><pluginId>` per plugin. */
export function randomDatabasePrefix(tag = 'test'): string {
  return `cape_${tag}_${randomBytes(4).toString('hex')}_`;
}

export type TowerEntry = {
  title?: string;
  server: string;
  username: string;
  password: string;
  userSource?: 'LOCAL' | 'LDAP';
  resourcePrefix?: string;
  dryRun?: boolean;
  schedule?: Record<string, unknown>;
  [key: string]: unknown;
};

type BackendConfigInput = {
  /** Omit for the in-memory SQLite database. */
  database?: { connection: PostgresConnection; prefix: string };
  /** The whole capeLabels block; towers are not merged with the demo towers of app-config.yaml. */
  capeLabels: { towers: Record<string, TowerEntry>; [key: string]: unknown };
  /** Extra top-level keys, merged shallowly. */
  extra?: Record<string, unknown>;
};

/**
 * A complete backend config (the parts of app-config.yaml a test needs, without its demo towers).
 * startBackend fills in backend.baseUrl and backend.listen.port.
 */
export function backendConfig(
  input: BackendConfigInput,
): Record<string, unknown> {
  const database = input.database
    ? {
        client: 'pg',
        connection: input.database.connection,
        prefix: input.database.prefix,
      }
    : { client: 'better-sqlite3', connection: ':memory:' };
  return {
    app: {
      title: 'CAPE label sweeper (test)',
      baseUrl: 'http://localhost:3000',
    },
    backend: {
      database,
      auth: {
        externalAccess: [
          {
            type: 'static',
            options: { token: STATIC_TOKEN, subject: 'test-scripts' },
          },
        ],
      },
    },
    auth: {
      environment: 'development',
      providers: { guest: { dangerouslyAllowOutsideDevelopment: true } },
    },
    permission: { enabled: true },
    capeLabels: input.capeLabels,
    ...input.extra,
  };
}
