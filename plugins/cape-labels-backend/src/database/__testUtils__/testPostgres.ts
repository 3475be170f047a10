/**
 * The PostgreSQL server of every test, the plugin's and the end-to-end ones: Backstage's own
 * variable, defaulting to the server the project's machines run (127.0.0.1:5432, trust auth).
 */
export const TEST_POSTGRES_ENV =
  'BACKSTAGE_TEST_DATABASE_POSTGRES15_CONNECTION_STRING';

export const TEST_POSTGRES_URL =
  process.env[TEST_POSTGRES_ENV] ?? 'postgresql://postgres@127.0.0.1:5432';
