import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import {
  bad,
  missing,
  readRoutesWorld,
  type Problem,
} from './__testUtils__/readRoutesWorld';
import { REFUSED_LIMITS } from '../__testUtils__/refusedLimits';

/** `GET /towers/:towerId/runs`: the run list of a Tower, paged by keyset. */
describe('cape-labels run list route', () => {
  const { world, get, problem } = readRoutesWorld();

  it('lists runs newest first, 20 by default, with schedule triggers', async () => {
    expect(world.t2Runs).toHaveLength(22);
    expect(
      world.t2Runs.every(
        r =>
          r.trigger === 'schedule' &&
          r.towerId === 't2' &&
          r.status === 'succeeded',
      ),
    ).toBe(true);
    const started = world.t2Runs.map(r => r.startedAt);
    expect([...started].sort().reverse()).toEqual(started);
    expect(new Set(world.t2Runs.map(r => r.id)).size).toBe(22);

    const byDefault = (await get('/towers/t2/runs').expect(200)).body
      .items as RunSummary[];
    expect(byDefault.map(r => r.id)).toEqual(
      world.t2Runs.slice(0, 20).map(r => r.id),
    );
    const one = (await get('/towers/t2/runs?limit=1').expect(200)).body
      .items as RunSummary[];
    expect(one.map(r => r.id)).toEqual([world.t2Runs[0].id]);
    // A run summary has no settings; the run itself has.
    expect(one[0]).not.toHaveProperty('settings');
  });

  it('pages with before=<runId> (keyset) to the end', async () => {
    const seen: string[] = [];
    let before: string | undefined;
    for (let page = 0; page < 10; page++) {
      const items = (
        await get(
          `/towers/t2/runs?limit=5${before ? `&before=${before}` : ''}`,
        ).expect(200)
      ).body.items as RunSummary[];
      seen.push(...items.map(r => r.id));
      if (items.length < 5) break;
      before = items[items.length - 1].id;
    }
    expect(seen).toEqual(world.t2Runs.map(r => r.id));
    const last = world.t2Runs[world.t2Runs.length - 1].id;
    await get(`/towers/t2/runs?before=${last}`).expect(200, { items: [] });
  });

  it('validates limit and before, and 404s unknown Towers and anchors', async () => {
    const cases: Array<[string, (path: string) => Problem]> = [
      ...REFUSED_LIMITS.map((q): [string, (path: string) => Problem] => [
        `/towers/t2/runs?${q}`,
        bad,
      ]),
      ['/towers/t2/runs?before=bad.id', bad],
      [`/towers/t2/runs?before=${'a'.repeat(101)}`, bad],
      ['/towers/t2/runs?before=no-such-run', missing],
      // A run of another Tower is no anchor for this one.
      [`/towers/t2/runs?before=${world.run.id}`, missing],
      ['/towers/nope/runs', missing],
      ['/towers/T2/runs', bad],
      [`/towers/${'a'.repeat(101)}/runs`, bad],
      ['/towers/t_2/runs', bad],
    ];
    for (const [path, expected] of cases)
      expect(await problem(path)).toEqual(expected(path));
    expect(
      (await get('/towers/t2/runs?limit=100').expect(200)).body.items,
    ).toHaveLength(22);
  });
});
