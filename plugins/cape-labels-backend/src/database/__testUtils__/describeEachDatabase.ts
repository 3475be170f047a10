/* eslint-disable jest/no-export, jest/valid-title, jest/expect-expect -- a helper that declares the tests of the files calling it: the titles are theirs, the assertions are in their callbacks */
import type { TestDatabaseId } from '@backstage/backend-test-utils';
import type { Knex } from 'knex';
import type { RunStore } from '../RunStore';
import {
  DATABASE_IDS,
  at,
  createStore,
  createTestDatabases,
} from './testStore';

/** One of the databases a test runs on. */
export type TestDatabase = {
  id: TestDatabaseId;
  /** A migrated store on a fresh database; its clock (for `lost`) reads `now`, default `at(0)`. */
  store(now?: () => Date): Promise<{ knex: Knex; store: RunStore }>;
  /** A fresh database, not migrated. */
  knex(): Promise<Knex>;
};

/** Declares a test that runs once per database; its title gets the database's id. */
export type ItEachDatabase = (
  title: string,
  test: (db: TestDatabase) => Promise<void>,
) => void;

/**
 * A describe block whose tests run on SQLite and on PostgreSQL (never skipped: a stopped server
 * fails them), each on a fresh database, with the store tests' 60 s timeout.
 */
export function describeEachDatabase(
  title: string,
  body: (itEach: ItEachDatabase) => void,
): void {
  const databases = createTestDatabases();
  jest.setTimeout(60_000);
  describe(title, () => {
    it('runs on SQLite and PostgreSQL', () => {
      expect(databases.eachSupportedId().map(([id]) => id)).toEqual(
        DATABASE_IDS,
      );
    });
    body((testTitle, test) =>
      it.each(databases.eachSupportedId())(`${testTitle}, %p`, id =>
        test({
          id,
          store: (now = () => at(0)) => createStore(databases, id, now),
          knex: () => databases.init(id),
        }),
      ),
    );
  });
}
