import type { Run } from '@smartx-cape/plugin-cape-labels-common';
import type { Harness } from '../sweep/__testUtils__/sweepHarness';
import {
  expectSafe,
  type KitOptions,
  kitPerTest,
  seed,
} from './__testUtils__/faultKit';

jest.setTimeout(60_000);

// Long enough that a loaded machine still delivers the delete to Tower before our timeout:
// otherwise Tower never receives it and there is nothing to commit late.
const REQUEST_TIMEOUT_MS = 1000;
const SETTLE_MS = 2400;

type Audit = { runId: string; ids: string[] };

/*
 * deleteManyLabels whose answer is lost (hang: our timeout; reset: the connection dies) while
 * Tower commits the delete a moment later. Every label Tower deleted must end up recorded
 * deleted and audited: in the same run when it commits within the settle window, else by the
 * next run's re-check, which corrects the earlier run.
 */
describe('sweep when Tower commits a delete after its answer was lost', () => {
  const kit = kitPerTest();

  async function make(over: KitOptions = {}) {
    const audits: Audit[] = [];
    const h = await kit({
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      ...over,
      sweeper: {
        settleMs: SETTLE_MS,
        hooks: {
          onDeleted: (runId, deleted) =>
            audits.push({ runId, ids: deleted.map(d => d.labelId) }),
        },
        ...over.sweeper,
      },
    });
    return { h, audits };
  }

  const loseDeleteAnswers = (
    h: Harness,
    answer: 'hang' | 'reset',
    commitAfterMs: number,
  ) =>
    h.sim.admin.setFaults({
      rules: [
        {
          match: { rootField: 'deleteManyLabels' },
          lostAnswer: { answer, commitAfterMs },
        },
      ],
    });

  const auditedFor = (audits: Audit[], runId: string) =>
    audits
      .filter(a => a.runId === runId)
      .flatMap(a => a.ids)
      .sort();

  async function waitForTowerDeletes(h: Harness, n: number) {
    while (h.sim.admin.deletedLabels().length < n)
      await new Promise(r => setTimeout(r, 50));
  }

  it('a delete Tower answered leaves nothing pending: the next run re-checks nothing and audits nothing again', async () => {
    const { h, audits } = await make();
    const s = seed(h);
    const first = await h.sweep();
    expect(first.counts.deleted).toBe(s.orphans.length);
    expect(await h.store.listPendingDeletes(first.towerId)).toEqual([]);

    const second = await h.sweep();
    expect(auditedFor(audits, first.id)).toEqual([...s.orphans].sort());
    expect(second.notes ?? []).toEqual([]);
  });

  it.each(['hang', 'reset'] as const)(
    'delete committed after a timeout (%s), within the settle window: recorded deleted and audited by the same run',
    async answer => {
      const { h, audits } = await make();
      const s = seed(h);
      loseDeleteAnswers(h, answer, REQUEST_TIMEOUT_MS + SETTLE_MS / 3);
      const run = await h.sweep();
      expect(await expectSafe(h, run, s)).toEqual([...s.orphans].sort());
      expect(run.counts.failed).toBe(0);
      expect(auditedFor(audits, run.id)).toEqual([...s.orphans].sort());
      // One note per delete batch (batches are per key).
      const settled = (run.notes ?? []).filter(
        n => n.code === 'DELETE_UNANSWERED_SETTLED',
      );
      expect(settled.length).toBeGreaterThan(0);
      expect(settled[0].message).toMatch(/no usable answer/);
      expect(settled.reduce((sum, n) => sum + Number(n.params?.gone), 0)).toBe(
        s.orphans.length,
      );
    },
  );

  it.each(['hang', 'reset'] as const)(
    'delete committed after a timeout (%s), after the settle window: failed/unanswered, then the next run corrects the record',
    async answer => {
      const { h, audits } = await make();
      const s = seed(h);
      // Well after the last settle read, even on a loaded machine.
      loseDeleteAnswers(h, answer, REQUEST_TIMEOUT_MS + SETTLE_MS + 3000);
      const first = await h.sweep();
      const failed = (await h.outcomes(first.id)).filter(
        o => o.action === 'failed',
      );
      expect(failed.map(o => o.reason)).toEqual(
        s.orphans.map(() => 'unanswered'),
      );
      expect(first.status).toBe('partial');

      await waitForTowerDeletes(h, s.orphans.length);
      h.sim.admin.clearFaults();
      const second = await h.sweep();
      const corrected = (await h.store.getRun(first.id))!;
      expect(await expectSafe(h, corrected, s)).toEqual([...s.orphans].sort());
      expect(corrected.counts).toMatchObject({
        deleted: s.orphans.length,
        failed: 0,
      });
      expect(corrected.notes).toContainEqual({
        code: 'LATE_DELETIONS_RECORDED',
        params: { count: s.orphans.length, byRunId: second.id },
        message: expect.stringContaining(second.id),
      });
      expect(second.notes).toContainEqual({
        code: 'LATE_DELETIONS_CORRECTED',
        params: { count: s.orphans.length, runId: first.id },
        message: expect.stringContaining(first.id),
      });
      expect(auditedFor(audits, first.id)).toEqual([...s.orphans].sort());
      expect(auditedFor(audits, second.id)).toEqual([]);
      expect(second.counts.deleted).toBe(0);
    },
  );

  it('a delete whose answer is lost and that Tower never commits stays failed, and the next run leaves it be', async () => {
    const { h, audits } = await make();
    const s = seed(h);
    h.sim.admin.setFaults({
      rules: [
        { match: { rootField: 'deleteManyLabels' }, hang: 'no-response' },
      ],
    });
    const first = await h.sweep();
    expect(first.counts.failed).toBe(s.orphans.length);
    h.sim.admin.clearFaults();
    const second = await h.sweep();
    expect((await h.store.getRun(first.id))!.counts.failed).toBe(
      s.orphans.length,
    );
    expect(await expectSafe(h, second, s)).toEqual([...s.orphans].sort());
    expect(auditedFor(audits, first.id)).toEqual([]);
  });

  it('the database goes away right after Tower deleted: the next run records and audits the deletions', async () => {
    const { h, audits } = await make();
    const s = seed(h);
    const addOutcomes = h.store.addOutcomes.bind(h.store);
    let databaseDown = true;
    h.store.addOutcomes = async (runId, items, settles) => {
      if (databaseDown && items.some(o => o.action === 'deleted'))
        throw new Error('database connection lost');
      return addOutcomes(runId, items, settles);
    };
    const first = await h.sweep();
    expect(first).toMatchObject({
      status: 'failed',
      error: { code: 'STORE_FAILED' },
    });
    expect(h.sim.admin.deletedLabels()).toHaveLength(s.orphans.length);
    expect(audits).toEqual([]);

    databaseDown = false;
    const second = await h.sweep();
    const corrected: Run = (await h.store.getRun(first.id))!;
    expect(await expectSafe(h, corrected, s)).toEqual([...s.orphans].sort());
    expect(auditedFor(audits, first.id)).toEqual([...s.orphans].sort());
    expect(second.notes).toContainEqual(
      expect.objectContaining({
        code: 'LATE_DELETIONS_CORRECTED',
        params: { count: s.orphans.length, runId: first.id },
      }),
    );
  });

  it('records a count Tower answers that the survivor read contradicts', async () => {
    const { h } = await make({
      wrapClient: client => ({
        deleteLabelsGuarded: async input => {
          await client.deleteLabelsGuarded(input);
          return input.ids.length + 5;
        },
      }),
    });
    const s = seed(h);
    const run = await h.sweep();
    expect(await expectSafe(h, run, s)).toEqual([...s.orphans].sort());
    // One note per delete batch (keys are listed in separate chains, so batches are per key).
    const notes = run.notes ?? [];
    expect(notes.length).toBeGreaterThan(0);
    let noted = 0;
    for (const note of notes) {
      expect(note.code).toBe('DELETE_COUNT_MISMATCH');
      const m =
        /^deleteManyLabels answered count (\d+) for (\d+) labels, but (\d+) were gone afterwards$/.exec(
          note.message,
        );
      expect(m).not.toBeNull();
      const [answered, batch, gone] = m!.slice(1).map(Number);
      expect([answered, gone]).toEqual([batch + 5, batch]);
      noted += batch;
    }
    expect(noted).toBe(s.orphans.length);
    expect(h.logger.lines.join('\n')).toMatch(/answered count/);
  });
});
