import { mockServices } from '@backstage/backend-test-utils';
import { Duration } from 'luxon';
import { read, towerOn } from '../config/__testUtils__/readTestConfig';
import {
  createStore,
  createTestDatabases,
} from '../database/__testUtils__/testStore';
import { capturingLogger } from '../__testUtils__/capturingLogger';
import { SweepCoordinator } from './SweepCoordinator';

const databases = createTestDatabases();

const schedule = {
  frequency: { hours: 24 },
  timeout: { minutes: 5 },
  initialDelay: { seconds: 2 },
};

async function coordinator(towerCount: number, extra: object = {}) {
  const towers = Object.fromEntries(
    Array.from({ length: towerCount }, (_, i) => [
      `tower-${i}`,
      towerOn(`tower-${i}`),
    ]),
  );
  const { store } = await createStore(databases, 'SQLITE_3');
  return new SweepCoordinator({
    config: read({ schedule, towers, ...extra }),
    store,
    scheduler: mockServices.scheduler.mock(),
    logger: capturingLogger(),
    instance: 'test:1',
  });
}

/** Each Tower's first start after registration, as the scheduler is given it and as the card shows it. */
async function firstStarts(sweepers: SweepCoordinator) {
  const summaries = await sweepers.summaries();
  return sweepers.list().map((sweeper, i) => {
    const given = Duration.fromDurationLike(
      sweeper.taskSchedule.initialDelay!,
    ).toMillis();
    const shown =
      Date.parse(summaries[i].nextRunAt!) - sweeper.registeredAt.getTime();
    return { given, shown };
  });
}

describe('SweepCoordinator: start spread', () => {
  it('starts a few Towers at their configured initialDelay', async () => {
    const starts = await firstStarts(await coordinator(3));
    expect(starts).toEqual(
      Array.from({ length: 3 }, () => ({ given: 2000, shown: 2000 })),
    );
  });

  it('spreads Towers that share a start beyond what a replica runs at once, and the card shows it', async () => {
    const starts = await firstStarts(await coordinator(40));
    for (const { given, shown } of starts) {
      expect(shown).toBe(given);
      expect(given).toBeGreaterThanOrEqual(2000);
      expect(given).toBeLessThan(2000 + 5 * 60_000);
    }
    const distinct = new Set(starts.map(s => s.given));
    expect(distinct.size).toBeGreaterThan(35);
    const spanMs = Math.max(...distinct) - Math.min(...distinct);
    expect(spanMs).toBeGreaterThan(4 * 60_000);
  });

  it('honours a configured startSpread however few the Towers', async () => {
    const starts = await firstStarts(
      await coordinator(3, { startSpread: { minutes: 1 } }),
    );
    expect(starts.some(s => s.given > 2000)).toBe(true);
    for (const { given, shown } of starts) {
      expect(shown).toBe(given);
      expect(given).toBeLessThan(2000 + 60_000);
    }
  });
});
