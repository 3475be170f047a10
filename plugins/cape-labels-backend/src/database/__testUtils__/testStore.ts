import {
  mockServices,
  TestDatabaseId,
  TestDatabases,
} from '@backstage/backend-test-utils';
import type { Knex } from 'knex';
import {
  emptyRunCounts,
  type RunSettings,
} from '@smartx-cape/plugin-cape-labels-common';
import { openRunStore } from '../RunStore';
import type { RunStore } from '../RunStore';
import type { NewRun } from '../RunStore';
import { sweptKeys } from '../../config/types';
import { TEST_POSTGRES_ENV, TEST_POSTGRES_URL } from './testPostgres';
import { MINUTE } from '../../__testUtils__/time';

/*
 * TestDatabases silently drops POSTGRES_15 when this variable is unset (there is no Docker
 * here). The project's machines always run PostgreSQL at 127.0.0.1:5432, so default to it:
 * PostgreSQL is then always tested, and a stopped server fails the tests instead of
 * skipping them.
 */
process.env[TEST_POSTGRES_ENV] = TEST_POSTGRES_URL;

export const DATABASE_IDS: TestDatabaseId[] = ['SQLITE_3', 'POSTGRES_15'];

export function createTestDatabases(): TestDatabases {
  return TestDatabases.create({ ids: DATABASE_IDS });
}

/** A store on a fresh database. */
export async function createStore(
  databases: TestDatabases,
  id: TestDatabaseId,
): Promise<{ knex: Knex; store: RunStore }> {
  const knex = await databases.init(id);
  const store = await openRunStore({
    database: mockServices.database({ knex }),
  });
  return { knex, store };
}

export const SETTINGS: RunSettings = {
  minAge: 'PT24H',
  confirmAfter: 'PT0S',
  maxDeletesPerRun: 5000,
  keys: sweptKeys('cape'),
};

const T0 = Date.parse('2026-11-30T00:00:00.000Z');

export function at(minutes: number): Date {
  return new Date(T0 + minutes * MINUTE);
}

export function newRun(
  towerId: string,
  minutes: number,
  extra: Partial<NewRun> = {},
): NewRun {
  return {
    towerId,
    trigger: 'schedule',
    dryRun: false,
    instance: 'replica-1',
    startedAt: at(minutes),
    settings: SETTINGS,
    ...extra,
  };
}

export const ZERO = emptyRunCounts();

/** A run of `towerId` started at `at(minutes)` and finished a minute later, counting nothing. */
export async function finished(
  store: RunStore,
  towerId: string,
  minutes: number,
) {
  const run = await store.createRun(newRun(towerId, minutes));
  return store.finishRun(run.id, {
    status: 'succeeded',
    finishedAt: at(minutes + 1),
    counts: ZERO,
  });
}
