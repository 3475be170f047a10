import {
  describeEachDatabase,
  type TestDatabase,
} from './__testUtils__/describeEachDatabase';
import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import { ZERO, at, newRun } from './__testUtils__/testStore';
import { runNotes } from '../sweep/runNotes';

function label(
  labelId: string,
  action: LabelOutcome['action'] = 'deleted',
  reason?: LabelOutcome['reason'],
): LabelOutcome {
  return {
    labelId,
    key: 'cape-vip',
    value: labelId === 'c' ? null : `v-${labelId}`,
    createdAt: at(0).toISOString(),
    action,
    ...(reason ? { reason } : {}),
  };
}

/** A run of `prod-a` an hour silent: its write-ahead rows are the next run's to settle. */
async function storeWithSilentRun(db: TestDatabase) {
  jest.setSystemTime(at(60));
  const opened = await db.store();
  const run = await opened.store.createRun(newRun('prod-a', 0));
  return { ...opened, run };
}

describeEachDatabase(
  'RunStore pending deletes (write-ahead) and late deletions',
  itEach => {
    itEach(
      'keeps only unresolved deletes, and corrects an earlier run',
      async db => {
        const { store, run } = await storeWithSilentRun(db);
        const other = await store.createRun(newRun('prod-b', 0));
        const batch = await store.writePendingDeletes('prod-a', run.id, [
          label('a'),
          label('b'),
          label('c'),
          label('d'),
        ]);
        await store.writePendingDeletes('prod-b', other.id, [label('a')]);

        // a deleted, b raced: resolved. c failed: stays pending. d: never recorded (a crash).
        await store.addOutcomes(
          run.id,
          [
            label('kept-young', 'kept', 'young'),
            label('a'),
            label('b', 'kept', 'raced'),
            label('c', 'failed', 'unanswered'),
          ],
          batch,
        );
        await store.finishRun(run.id, {
          status: 'partial',
          finishedAt: at(1),
          counts: {
            scanned: 4,
            candidates: 3,
            deleted: 1,
            kept: 2,
            failed: 1,
            wouldDelete: 0,
          },
          notes: [{ message: 'first note' }],
        });
        const pending = await store.listPendingDeletes('prod-a');
        expect(pending.map(p => [p.runId, p.label.labelId])).toEqual([
          [run.id, 'c'],
          [run.id, 'd'],
        ]);
        expect(pending[0].label).toEqual(label('c'));

        expect(
          await store.recordLateDeletions(
            run.id,
            pending.map(p => p.label),
            runNotes.lateDeletionsRecorded({ count: 2, byRunId: 'r9' }),
          ),
        ).toBe(true);
        const corrected = (await store.getRun(run.id))!;
        expect(corrected.counts).toEqual({
          scanned: 5,
          candidates: 4,
          deleted: 3,
          kept: 2,
          failed: 0,
          wouldDelete: 0,
        });
        expect(corrected.notes).toEqual([
          { message: 'first note' },
          {
            code: 'LATE_DELETIONS_RECORDED',
            params: { count: 2, byRunId: 'r9' },
            message:
              "run r9 found 2 label(s) of this run's unanswered deletes gone on Tower: recorded deleted, counts recomputed",
          },
        ]);
        const outcomes = await store.listOutcomes(run.id, {
          limit: 10,
          offset: 0,
        });
        expect(outcomes.items.map(o => [o.labelId, o.action])).toEqual([
          ['kept-young', 'kept'],
          ['a', 'deleted'],
          ['b', 'kept'],
          ['c', 'deleted'],
          ['d', 'deleted'],
        ]);
        expect(outcomes.items[3]).toEqual(label('c'));
        expect(outcomes.total).toBe(5);
        expect(await store.listPendingDeletes('prod-a')).toEqual([]);
        expect(await store.listPendingDeletes('prod-b')).toHaveLength(1);

        await store.clearPendingDeletes(other.id, ['a']);
        expect(await store.listPendingDeletes('prod-b')).toEqual([]);
        expect(
          await store.recordLateDeletions('no-such-run', [label('x')], {
            message: 'n',
          }),
        ).toBe(false);
      },
    );

    itEach(
      "leaves a live run's write-ahead rows to that run: lists those of runs ended, silent or gone",
      async db => {
        const { store } = await db.store();
        const live = await store.createRun(newRun('prod-a', 0));
        const ended = await store.createRun(newRun('prod-a', 0));
        await store.writePendingDeletes('prod-a', live.id, [label('a')]);
        await store.writePendingDeletes('prod-a', ended.id, [label('b')]);
        await store.writePendingDeletes('prod-a', 'pruned-run', [label('c')]);
        await store.finishRun(ended.id, {
          status: 'aborted',
          finishedAt: at(0),
          counts: ZERO,
        });
        const listed = async () =>
          (await store.listPendingDeletes('prod-a'))
            .map(p => `${p.runId}:${p.label.labelId}`)
            .sort();
        expect(await listed()).toEqual(
          [`${ended.id}:b`, 'pruned-run:c'].sort(),
        );

        jest.setSystemTime(at(1));
        expect(await listed()).toEqual(
          [`${live.id}:a`, `${ended.id}:b`, 'pruned-run:c'].sort(),
        );
      },
    );

    itEach(
      "one row per guarded delete, settled by that delete's outcomes only and gone once none is pending",
      async db => {
        const { knex, store, run } = await storeWithSilentRun(db);
        const other = await store.createRun(newRun('prod-b', 0));
        const rowsOf = async (runId: string) =>
          (
            await knex('cape_labels_pending_delete_batches')
              .select('id')
              .where({ run_id: runId })
          ).length;
        const pendingIds = async (towerId: string) =>
          (await store.listPendingDeletes(towerId)).map(p => p.label.labelId);
        const first = await store.writePendingDeletes('prod-a', run.id, [
          label('x'),
          label('y'),
        ]);
        const second = await store.writePendingDeletes('prod-a', run.id, [
          label('z'),
        ]);
        const ofOther = await store.writePendingDeletes('prod-b', other.id, [
          label('z'),
        ]);
        expect(await rowsOf(run.id)).toBe(2);

        await store.addOutcomes(run.id, [label('z')], ofOther);
        expect(await pendingIds('prod-a')).toEqual(['x', 'y', 'z']);
        expect(await pendingIds('prod-b')).toEqual(['z']);

        await store.addOutcomes(
          run.id,
          [label('x'), label('y', 'failed', 'unanswered')],
          first,
        );
        expect(await pendingIds('prod-a')).toEqual(['y', 'z']);
        expect(await rowsOf(run.id)).toBe(2);
        expect((await store.listPendingDeletes('prod-a'))[0].label).toEqual(
          label('y'),
        );

        await store.addOutcomes(run.id, [label('z')], second);
        expect(await pendingIds('prod-a')).toEqual(['y']);
        expect(await rowsOf(run.id)).toBe(1);
        await store.clearPendingDeletes(run.id, ['y']);
        expect(await rowsOf(run.id)).toBe(0);
        expect(await rowsOf(other.id)).toBe(1);
      },
    );
  },
);
