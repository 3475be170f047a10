/* eslint-disable jest/no-export, jest/valid-title, jest/expect-expect -- a helper that declares the tests of the files calling it: the titles are theirs, the assertions are in their callbacks */
import type { TestDatabaseId } from '@backstage/backend-test-utils';
import type { Knex } from 'knex';
import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import { migrationsDirectory } from '../storeConnection';
import type { RunStore } from '../RunStore';
import {
  DATABASE_IDS,
  at,
  createStore,
  createTestDatabases,
  newRun,
} from './testStore';
import { useFakeDate } from '../../__testUtils__/time';

/** One of the databases a test runs on. */
export type TestDatabase = {
  id: TestDatabaseId;
  /** A migrated store on a fresh database. */
  store(): Promise<{ knex: Knex; store: RunStore }>;
  /** A migrated store on a fresh database, holding one running run of `prod-a` started at `at(0)`. */
  storeWithRun(): Promise<{ knex: Knex; store: RunStore; run: RunSummary }>;
  /** A fresh database, not migrated, or migrated by the one migration `only` (its file name). */
  knex(only?: string): Promise<Knex>;
};

/** Declares a test that runs once per database; its title gets the database's id. */
type ItEachDatabase = (
  title: string,
  test: (db: TestDatabase) => Promise<void>,
) => void;

/**
 * A describe block whose tests run on SQLite and on PostgreSQL (never skipped: a stopped server
 * fails them), each on a fresh database, with the store tests' 60 s timeout. Each test starts with
 * `Date` frozen at `at(0)` (`jest.setSystemTime` moves it).
 */
export function describeEachDatabase(
  title: string,
  body: (itEach: ItEachDatabase) => void,
): void {
  const databases = createTestDatabases();
  jest.setTimeout(60_000);
  const database = (id: TestDatabaseId): TestDatabase => ({
    id,
    store: () => createStore(databases, id),
    async storeWithRun() {
      const opened = await createStore(databases, id);
      const run = await opened.store.createRun(newRun('prod-a', 0));
      return { ...opened, run };
    },
    async knex(only) {
      const knex = await databases.init(id);
      if (only)
        await knex.migrate.up({ directory: migrationsDirectory(), name: only });
      return knex;
    },
  });
  describe(title, () => {
    beforeEach(() => useFakeDate(at(0)));
    afterEach(() => jest.useRealTimers());
    it('runs on SQLite and PostgreSQL', () => {
      expect(databases.eachSupportedId().map(([id]) => id)).toEqual(
        DATABASE_IDS,
      );
    });
    body((testTitle, test) =>
      it.each(databases.eachSupportedId())(`${testTitle}, %p`, id =>
        test(database(id)),
      ),
    );
  });
}
