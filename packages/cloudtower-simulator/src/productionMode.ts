/**
 * Imported first by the CLI and the benchmark: graphql-js runs its slow development-mode checks
 * unless NODE_ENV is 'production'. It reads NODE_ENV when it is loaded, so this must run before.
 */
if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';

export {};
