import { describeEachDatabase } from './__testUtils__/describeEachDatabase';
import { at, ZERO } from './__testUtils__/testStore';

describeEachDatabase('error text stored on a run', itEach => {
  itEach(
    'one plain line of at most 2 KB, code at most the column width',
    async db => {
      const { store, run } = await db.storeWithRun();
      const summary = await store.finishRun(run.id, {
        status: 'failed',
        finishedAt: at(1),
        counts: ZERO,
        error: {
          message: `Tower said\n[error] forged\u202e${'é'.repeat(50_000)}`,
          code: `X\u0000${'C'.repeat(1000)}`,
        },
      });
      const stored = (await store.getRun(run.id))!;
      expect(stored.error).toEqual(summary.error);
      const { message, code } = stored.error!;
      expect(message).toMatch(/^Tower said \[error\] forged é+…$/);
      expect(Buffer.byteLength(message)).toBeLessThanOrEqual(2048);
      expect(Buffer.byteLength(message)).toBeGreaterThan(2040);
      expect(code).toMatch(/^X C+…$/);
      expect(Buffer.byteLength(code!)).toBeLessThanOrEqual(255);
    },
  );
});
