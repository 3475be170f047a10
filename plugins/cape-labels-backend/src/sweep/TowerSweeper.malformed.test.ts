import type { TowerLabel } from '../cloudtower/TowerClient';
import { describeEachDatabase } from '../database/__testUtils__/describeEachDatabase';
import { createHarness, type Harness } from './__testUtils__/sweepHarness';

/** Creation times no Tower writes, by the id of the label Tower lists with it. */
const BAD_TIMES: Record<string, string> = {
  'c-long-time': `2026-11-01T00:00:00.000Z${'9'.repeat(46)}`,
  'c-feb-30': '2026-02-30T00:00:00.000Z',
  'c-bidi-time': '2026-11-01T00:00:00.000Z\u202e',
};

/** What Tower lists, with the creation times of BAD_TIMES in place of the real ones. */
function withBadTimes(pages: AsyncIterable<TowerLabel[]>) {
  return (async function* listed() {
    for await (const page of pages)
      yield page.map(l => ({
        ...l,
        createdAt: BAD_TIMES[l.id] ?? l.createdAt,
      }));
  })();
}

describeEachDatabase(
  'TowerSweeper: labels whose id or createdAt Tower could not have written',
  itEach => {
    let h: Harness | undefined;
    afterEach(() => h?.stop());

    itEach(
      'are kept malformed and recorded made safe; the run finishes and its write-ahead records settle',
      async db => {
        const { store } = await db.store();
        h = await createHarness({
          sweeper: { store },
          wrapClient: real => ({
            listLabelPages: (filter, options) =>
              withBadTimes(real.listLabelPages(filter, options)),
          }),
        });
        const { admin } = h.sim;
        const old = h.old();
        const badIds = [
          'c-nul\u0000id',
          'c-bidi\u202eid',
          `c${'x'.repeat(300)}`,
        ];
        for (const id of [...badIds, ...Object.keys(BAD_TIMES)])
          admin.createLabel({
            id,
            key: 'cape-vip',
            value: 'v',
            createdAt: old,
          });
        const orphans = h.seedOrphans(3, 'cape-vip');

        const run = await h.sweep();
        expect(run.status).toBe('succeeded');
        expect(run.keptByReason).toEqual({ malformed: 6 });
        expect(h.deletedIds()).toEqual([...orphans].sort());
        const kept = (await h.outcomes(run.id)).filter(
          o => o.reason === 'malformed',
        );
        expect(
          Object.fromEntries(kept.map(o => [o.labelId, o.createdAt])),
        ).toEqual({
          'c-nul\\u0000id': old,
          'c-bidi\\u202eid': old,
          [`c${'x'.repeat(126)}…`]: old,
          'c-long-time': `2026-11-01T00:00:00.000Z${'9'.repeat(39)}…`,
          'c-feb-30': '2026-02-30T00:00:00.000Z',
          'c-bidi-time': '2026-11-01T00:00:00.000Z\\u202e',
        });
        for (const o of kept)
          expect(o.detail).toMatch(/^(id|createdAt) is not/);
        expect(await store.listPendingDeletes(h.tower.id)).toEqual([]);
        // The run's answers list them under their reason.
        const found = await store.listOutcomes(run.id, {
          limit: 10,
          offset: 0,
          reason: 'malformed',
        });
        expect(found.total).toBe(6);
      },
    );
  },
);
