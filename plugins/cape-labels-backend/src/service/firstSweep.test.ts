import { backendForDescribe, towerEntry } from './__testUtils__/testBackend';
import { until } from '../__testUtils__/until';

const TOWERS = ['t1', 't2', 't3'];

/*
 * A new portal as an operator configures it: three Towers swept daily, the first sweep two
 * seconds after start. No start spread is configured: three Towers do not crowd a replica, so
 * each first sweep comes when the operator asked for it.
 */
describe('A configured first sweep', () => {
  let startedAt = 0;
  beforeAll(() => {
    startedAt = Date.now();
  });
  const b = backendForDescribe({
    realScheduler: true,
    capeLabels: url => ({
      // The test backend's own default (no spread) left out: the plugin's default applies.
      startSpread: undefined,
      schedule: {
        frequency: { hours: 24 },
        timeout: { minutes: 5 },
        initialDelay: { seconds: 2 },
      },
      towers: Object.fromEntries(
        TOWERS.map(id => [id, towerEntry(url, { resourcePrefix: id })]),
      ),
    }),
  });

  it('sweeps each of three Towers within seconds of start', async () => {
    for (const id of TOWERS) {
      const runs = await until(
        () => b.runs(id),
        found => found.some(r => r.trigger === 'schedule'),
        20_000,
      );
      const first = runs.find(r => r.trigger === 'schedule');
      expect(first).toBeDefined();
      // The backend's start-up, the initial delay, and the scheduler's poll of its tasks.
      expect(Date.parse(first!.startedAt) - startedAt).toBeLessThan(20_000);
    }
  }, 40_000);
});
