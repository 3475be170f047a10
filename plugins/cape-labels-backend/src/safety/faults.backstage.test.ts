import type { TowerClient } from '../cloudtower/TowerClient';
import type { RunStore } from '../database/RunStore';
import type { Harness } from '../sweep/__testUtils__/sweepHarness';
import { expectSafe, kitPerTest, seed } from './__testUtils__/faultKit';

/** The store with some methods failing the first `n` times they are called. */
function flakyStore(
  store: RunStore,
  failures: Partial<Record<keyof RunStore, number>>,
): RunStore & { calls: Record<string, number> } {
  const calls: Record<string, number> = {};
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'calls') return calls;
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const name = String(prop);
        calls[name] = (calls[name] ?? 0) + 1;
        const fail = failures[prop as keyof RunStore] ?? 0;
        if (calls[name] <= fail)
          return Promise.reject(
            new Error(`database unavailable (${name} #${calls[name]})`),
          );
        return value.apply(target, args);
      };
    },
  }) as RunStore & { calls: Record<string, number> };
}

/** A client wrapper that runs `before` ahead of every guarded delete; `pages()` counts listed pages. */
function beforeDelete(
  before: (n: number, pages: number) => void | Promise<void>,
) {
  let n = 0;
  let pages = 0;
  return (c: TowerClient): Partial<TowerClient> => ({
    async *listLabelPages(filter, options) {
      for await (const page of c.listLabelPages(filter, options)) {
        pages++;
        yield page;
      }
    },
    deleteLabelsGuarded: async (input, signal) => {
      await before(n++, pages);
      return c.deleteLabelsGuarded(input, signal);
    },
  });
}

const until = async (ok: () => boolean) => {
  while (!ok()) await new Promise(resolve => setTimeout(resolve, 5));
};

// A shared 2-core machine: generous per-test time, no timing-sensitive assertions.
jest.setTimeout(60_000);

describe('sweep under Backstage-side faults', () => {
  const kit = kitPerTest();

  it('the database fails twice while recording outcomes: the run still records everything', async () => {
    const h = await kit({ pageSize: 3, batchesInFlight: 1 });
    const s = seed(h, 8);
    const store = flakyStore(h.store, { addOutcomes: 2 });
    h.configure({ sweeper: { store } });
    const run = await h.sweep();
    expect(store.calls.addOutcomes).toBeGreaterThan(2);
    expect(run.status).toBe('succeeded');
    expect((await expectSafe(h, run, s)).sort()).toEqual([...s.orphans].sort());
    expect(run.counts.scanned).toBe((await h.outcomes(run.id)).length);
  }, 30_000);

  it('the database fails for a moment at the end of the run (sightings): the counts are kept', async () => {
    const h = await kit();
    const s = seed(h);
    h.configure({
      sweeper: { store: flakyStore(h.store, { pruneSightings: 1 }) },
    });
    const run = await h.sweep();
    expect(run.status).toBe('succeeded');
    expect((await expectSafe(h, run, s)).sort()).toEqual([...s.orphans].sort());
    expect(run.counts.scanned).toBe((await h.outcomes(run.id)).length);
  }, 30_000);

  it('abort mid-batch: no batch starts after the abort, the run ends aborted and matches Tower', async () => {
    const controller = new AbortController();
    let abortedAtSeq = -1;
    const h: Harness = await kit({
      pageSize: 2,
      batchesInFlight: 1,
      wrapClient: beforeDelete(async n => {
        if (n !== 0) return;
        // Let the engine list the next page and wait for a free batch slot, then abort.
        await until(
          () =>
            h.sim.admin
              .requestLog()
              .filter(e => e.operationName === 'CapeLabelsList').length >= 2,
        );
        await new Promise(resolve => setTimeout(resolve, 50));
        controller.abort();
        abortedAtSeq = h.sim.admin.requestLog().length;
      }),
    });
    const s = seed(h, 12);
    const run = await h.sweep(controller.signal);
    expect(run).toMatchObject({
      status: 'aborted',
      error: { code: 'ABORTED' },
    });
    // The batch that was in flight finishes (its delete was already decided); nothing after it.
    const deletes = h.sim.admin
      .requestLog()
      .filter(e => e.rootFields.includes('deleteManyLabels'));
    expect(deletes).toHaveLength(1);
    expect(deletes[0].seq).toBeGreaterThan(abortedAtSeq);
    const checksAfter = h.sim.admin
      .requestLog()
      .filter(
        e => e.operationName === 'CapeLabelsCheck' && e.seq > abortedAtSeq,
      );
    expect(checksAfter).toEqual([]);
    const deleted = await expectSafe(h, run, s);
    expect(deleted).toHaveLength(2);
  }, 30_000);

  it('shutdown while a request hangs: the request is cancelled, the run ends aborted and matches Tower', async () => {
    const controller = new AbortController();
    const h: Harness = await kit({
      pageSize: 2,
      batchesInFlight: 1,
      requestTimeoutMs: 120_000,
      wrapClient: beforeDelete(n => {
        // From the second batch on, every listing page hangs; then the backend shuts down.
        if (n === 1) {
          h.sim.admin.setFaults({
            rules: [
              {
                match: { operationName: 'CapeLabelsList' },
                hang: 'no-response',
              },
            ],
          });
          setTimeout(() => controller.abort(), 200);
        }
      }),
    });
    const s = seed(h, 12);
    const run = await h.sweep(controller.signal);
    expect(run).toMatchObject({
      status: 'aborted',
      error: { code: 'ABORTED' },
    });
    expect(run.finishedAt).not.toBeNull();
    const deleted = await expectSafe(h, run, s);
    expect(deleted.length).toBeGreaterThanOrEqual(2);
    expect(deleted.length).toBeLessThan(s.orphans.length);
  }, 30_000);
});
