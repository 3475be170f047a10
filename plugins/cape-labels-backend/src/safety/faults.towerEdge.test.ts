import type { ServerResponse } from 'node:http';
import { Duration } from 'luxon';
import { rawServersEachTest } from '../cloudtower/__testUtils__/rawServer';
import { DAY, HOUR, MINUTE } from '../__testUtils__/time';
import { expectNoSecret } from '../__testUtils__/towerLogin';
import { expectSafe, kitPerTest, seed } from './__testUtils__/faultKit';

jest.setTimeout(60_000);

/** Tower-side hazards beyond plain failures: a redirect, a Tower whose clock is not ours. */
describe('sweep against a Tower that redirects or keeps its own time', () => {
  const kit = kitPerTest();
  const startRaw = rawServersEachTest();

  it('a 307 from Tower: failed run naming status and origin, nothing sent to the other origin', async () => {
    const h = await kit();
    const s = seed(h);
    // A proxy in front of Tower answering 307 to the simulator: the second origin.
    const raw = await startRaw(() => ({
      raw: (res: ServerResponse) => {
        res.writeHead(307, { location: `${h.sim.url}/api?session=abc` });
        res.end();
      },
    }));
    h.configure({ tower: { ...h.tower, server: raw.url } });
    const run = await h.sweep();
    expect(run).toMatchObject({
      status: 'failed',
      error: {
        code: 'REDIRECT',
        message: `Tower t1: login failed: HTTP 307 redirect to ${h.sim.url} refused (redirects are never followed)`,
      },
    });
    const recorded = JSON.stringify([run, h.logger.lines]);
    expect(recorded).not.toContain('session=abc');
    expectNoSecret(recorded);
    expect(raw.requests).toHaveLength(1);
    expect(h.sim.admin.requestLog()).toEqual([]);
    await expectSafe(h, run, s);
  });

  /** Labels aged on Tower's clock, a sweep with minAge 1 h, and what became of each. */
  async function sweepOnTowerClock(
    offsetMs: number,
    ageMinutes: number[],
    maxClockAheadMs?: number,
  ) {
    const h = await kit({
      simulator: { clockOffsetMs: offsetMs },
      tower: { minAge: Duration.fromObject({ hours: 1 }) },
      sweeper: maxClockAheadMs === undefined ? {} : { maxClockAheadMs },
    });
    const towerNow = Date.now() + offsetMs;
    const ids = ageMinutes.map(
      age =>
        h.sim.admin.createLabel({
          key: 'cape-vip',
          value: `${age}m`,
          createdAt: new Date(towerNow - age * MINUTE).toISOString(),
        }).id,
    );
    const run = await h.sweep();
    const outcomes = await h.outcomes(run.id);
    const fate = ageMinutes.map((_, i) => {
      const o = outcomes.find(x => x.labelId === ids[i]);
      return o?.reason ? `${o.action}/${o.reason}` : o?.action;
    });
    return { run, fate, h };
  }

  it('Tower 2 h behind, minAge 1 h: 30 minutes old on its clock is kept, 3 hours old deleted', async () => {
    const { run, fate } = await sweepOnTowerClock(-2 * HOUR, [30, 180]);
    expect(run.status).toBe('succeeded');
    expect(fate).toEqual(['kept/young', 'deleted']);
    expect(run.clock?.source).toBe('tower');
    // The Date header has whole seconds; the skew is measured, not assumed.
    expect(Math.abs(run.clock!.skewMs! + 2 * HOUR)).toBeLessThan(5_000);
  });

  it('Tower 2 h ahead, maxClockAhead 3 h, minAge 1 h: 30 minutes old is kept, 90 minutes and 3 hours old deleted', async () => {
    const { run, fate } = await sweepOnTowerClock(
      2 * HOUR,
      [30, 90, 180],
      3 * HOUR,
    );
    expect(run.status).toBe('succeeded');
    expect(fate).toEqual(['kept/young', 'deleted', 'deleted']);
    expect(run.clock?.source).toBe('tower');
    expect(run.clock?.capped).toBeUndefined();
    expect(Math.abs(run.clock!.skewMs! - 2 * HOUR)).toBeLessThan(5_000);
  });

  it('Tower 2 days ahead, default maxClockAhead (10 min), minAge 1 h: nothing 30 minutes old on our clock is deleted; skew and cap recorded', async () => {
    // Ages on Tower's clock: 2 days + 30 min is 30 minutes old on ours, 2 days + 90 min is 90.
    const { run, fate, h } = await sweepOnTowerClock(2 * DAY, [
      2 * 24 * 60 + 30,
      2 * 24 * 60 + 65,
      2 * 24 * 60 + 90,
    ]);
    expect(run.status).toBe('succeeded');
    // The cutoff sits 10 minutes ahead of ours at most: created 50+ minutes before our now.
    expect(fate).toEqual(['kept/young', 'deleted', 'deleted']);
    expect(run.clock).toMatchObject({ source: 'tower', capped: true });
    expect(Math.abs(run.clock!.skewMs! - 2 * DAY)).toBeLessThan(5_000);
    expect(h.logger.lines.join('\n')).toContain(
      'more than capeLabels.maxClockAhead (600000 ms)',
    );
  });

  it('Tower 2 days ahead, minAge 1 h: 20 labels 30 minutes old on our clock all kept', async () => {
    const { run, fate } = await sweepOnTowerClock(
      2 * DAY,
      Array.from({ length: 20 }, () => 2 * 24 * 60 + 30),
    );
    expect(run.counts).toMatchObject({ deleted: 0, candidates: 0 });
    expect(new Set(fate)).toEqual(new Set(['kept/young']));
    expect(run.clock?.capped).toBe(true);
  });

  it('no usable Date header: our clock, recorded on the run and logged', async () => {
    const h = await kit();
    const raw = await startRaw(req => ({
      raw: (res: ServerResponse) => {
        res.sendDate = false;
        res.writeHead(200, { 'content-type': 'application/json' });
        const data =
          req.operationName === 'CapeLabelsLogin'
            ? { login: { token: 'tok-1' } }
            : { labels: [], logout: 'ok' };
        res.end(JSON.stringify({ data }));
      },
    }));
    h.configure({ tower: { ...h.tower, server: raw.url } });
    const run = await h.sweep();
    expect(run.status).toBe('succeeded');
    expect(run.clock).toEqual({ source: 'local', skewMs: null });
    expect(h.logger.lines.join('\n')).toContain(
      'Tower sent no Date header; run ' +
        `${run.id} takes its age cutoff on this backend's clock`,
    );
  });
});
