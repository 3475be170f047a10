import { describeEachDatabase } from '../database/__testUtils__/describeEachDatabase';
import { createHarness, type Harness } from './__testUtils__/sweepHarness';

/** The guarded deletes the sweeper sent so far. */
function deletesSent(h: Harness): number {
  return h.sim.admin
    .requestLog()
    .filter(e => e.rootFields.includes('deleteManyLabels')).length;
}

describeEachDatabase(
  'TowerSweeper: a label Tower refuses to delete cannot block its batch',
  itEach => {
    let h: Harness | undefined;
    afterEach(() => h?.stop());

    itEach(
      "deletes the rest of the batch and keeps the refused label with Tower's words, run after run, until Tower lets it go",
      async db => {
        const { store } = await db.store();
        h = await createHarness({ sweeper: { store } });
        const ids = h.seedOrphans(32, 'cape-vip');
        const used = ids[19];
        const policy = h.sim.admin.createEveroutePolicy({
          name: 'allow-web',
          labelIds: [used],
        });

        const run = await h.sweep();
        expect(run.status).toBe('succeeded');
        expect(h.deletedIds()).toEqual(ids.filter(id => id !== used).sort());
        // The batch's refused delete, then two halves per level down to the label.
        expect(deletesSent(h) - 1).toBeLessThanOrEqual(2 * Math.log2(32));
        expect(run.keptByReason).toEqual({ refused: 1 });
        expect(run.counts).toMatchObject({ deleted: 31, kept: 1, failed: 0 });
        const outcomes = await h.outcomes(run.id);
        expect(outcomes.find(o => o.labelId === used)).toEqual(
          expect.objectContaining({
            action: 'kept',
            reason: 'refused',
            detail: `LABEL_USED_BY_SECURITY_POLICY: label ${used} is used by security policy allow-web`,
          }),
        );
        // Every part of the split settled the batch's write-ahead record.
        expect(await h.store.listPendingDeletes(h.tower.id)).toEqual([]);
        expect(h.audited.flat().map(o => o.labelId)).not.toContain(used);

        const again = await h.sweep();
        expect(again.keptByReason).toEqual({ refused: 1 });

        h.sim.admin.deleteEveroutePolicy(policy.id);
        const freed = await h.sweep();
        expect(freed.counts.deleted).toBe(1);
        expect(h.deletedIds()).toContain(used);
      },
    );

    itEach(
      'isolates the labels Tower refuses with a 5xx and its ErrorBody, deletes the rest, and leaves nothing unanswered',
      async db => {
        const { store } = await db.store();
        h = await createHarness({ sweeper: { store } });
        const ids = h.seedOrphans(32, 'cape-vip');
        const locked = [ids[3], ids[20]];
        h.sim.admin.setFaults({
          refuseDeletesOf: locked,
          httpStatus: 500,
          httpBody: 'json',
        });

        const run = await h.sweep();
        expect(h.deletedIds()).toEqual(
          ids.filter(id => !locked.includes(id)).sort(),
        );
        expect(run.keptByReason).toEqual({ refused: 2 });
        expect(run.counts).toMatchObject({ deleted: 30, kept: 2, failed: 0 });
        expect(run.status).toBe('succeeded');
        expect(deletesSent(h) - 1).toBeLessThanOrEqual(2 * 2 * Math.log2(32));
        const outcomes = await h.outcomes(run.id);
        for (const id of locked)
          expect(outcomes.find(o => o.labelId === id)).toEqual(
            expect.objectContaining({
              action: 'kept',
              reason: 'refused',
              detail: expect.stringContaining('ResourceLocked'),
            }),
          );
        expect(await h.store.listPendingDeletes(h.tower.id)).toEqual([]);
      },
    );
  },
);
