import type { TowerClient } from '../cloudtower/TowerClient';
import type { Harness } from '../sweep/__testUtils__/sweepHarness';
import { expectSafe, kitPerTest, seed } from './__testUtils__/faultKit';
import {
  expectNoSecret,
  passwordCredentials,
} from '../__testUtils__/towerLogin';

// A shared 2-core machine: generous per-test time, no timing-sensitive assertions.
jest.setTimeout(60_000);

/**
 * Tower-side faults at the SWEEP level: every case ends with a recorded run, the right status
 * and nothing wrongly deleted (the client's own error mapping is covered in src/cloudtower).
 */
describe('sweep under Tower faults', () => {
  const kit = kitPerTest();

  it('200 with malformed JSON: failed run MALFORMED_RESPONSE', async () => {
    const h = await kit();
    const s = seed(h);
    h.sim.admin.setFaults({
      rules: [{ match: { operationName: 'CapeLabelsList' }, malformedRate: 1 }],
    });
    const run = await h.sweep();
    expect(run).toMatchObject({
      status: 'failed',
      error: { code: 'MALFORMED_RESPONSE' },
    });
    await expectSafe(h, run, s);
  });

  it('a Tower refusing introspection whose probe refusal names relations only in a suggestion: no evidence, the run fails and deletes nothing; the next run keeps what volume snapshots hold', async () => {
    const h = await kit({ simulator: { introspection: false } });
    const s = seed(h);
    h.sim.admin.setFaults({
      rules: [
        {
          match: { operationName: 'CapeLabelsRelationProbe' },
          errorRate: 1,
          errorCode: 'GRAPHQL_VALIDATION_FAILED',
          errorMessage:
            'Unknown argument "where". Perhaps you meant "vm_volume_snapshots_some" or "vms_none"?',
        },
      ],
    });
    const refused = await h.sweep();
    expect(refused).toMatchObject({
      status: 'failed',
      error: { code: 'RELATIONS_UNKNOWN' },
    });
    await expectSafe(h, refused, s);
    h.sim.admin.clearFaults();
    const run = await h.sweep();
    expect(run.status).toBe('succeeded');
    expect(run.relations?.checked).toContain('vm_volume_snapshots');
    await expectSafe(h, run, s);
    expect(h.deletedIds()).toEqual([...s.orphans].sort());
  });

  it('GraphQL errors on one check batch only: that batch failed, the rest deleted, run partial', async () => {
    let checks = 0;
    const h: Harness = await kit({
      pageSize: 3,
      batchesInFlight: 1,
      wrapClient: (c: TowerClient): Partial<TowerClient> => ({
        checkLabels: async (ids, signal) => {
          const first = checks++ === 0;
          if (first)
            h.sim.admin.setFaults({
              rules: [
                { match: { operationName: 'CapeLabelsCheck' }, errorRate: 1 },
              ],
            });
          try {
            return await c.checkLabels(ids, signal);
          } finally {
            if (first) h.sim.admin.clearFaults();
          }
        },
      }),
    });
    const s = seed(h, 9);
    const run = await h.sweep();
    expect(run).toMatchObject({
      status: 'partial',
      error: { code: 'SIMULATED_ERROR' },
    });
    const failed = (await h.outcomes(run.id)).filter(
      o => o.action === 'failed',
    );
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every(o => o.reason === 'error')).toBe(true);
    const deleted = await expectSafe(h, run, s);
    expect(
      deleted.length + failed.filter(o => s.orphans.includes(o.labelId)).length,
    ).toBe(s.orphans.length);
  });

  it('Tower refuses a label of the batch (an Everoute security policy uses it): kept refused, the rest deleted, run succeeded', async () => {
    const h = await kit({ pageSize: 4, batchesInFlight: 1 });
    const s = seed(h, 8);
    const [used] = s.orphans.slice(5);
    h.sim.admin.createEveroutePolicy({ name: 'allow-web', labelIds: [used] });
    const run = await h.sweep();
    expect(run.status).toBe('succeeded');
    const deleted = await expectSafe(h, run, s);
    expect(deleted).toEqual(s.orphans.filter(id => id !== used).sort());
    expect(run.keptByReason).toMatchObject({ refused: 1 });
    expect(await h.store.listPendingDeletes(h.tower.id)).toEqual([]);
  });

  it('LOAD_TOKEN_FAILED mid-sweep: one re-login, then the sweep carries on', async () => {
    let revoked = false;
    const h: Harness = await kit({
      pageSize: 2,
      batchesInFlight: 1,
      wrapClient: (c: TowerClient): Partial<TowerClient> => ({
        deleteLabelsGuarded: async (input, signal) => {
          if (!revoked) revoked = h.sim.admin.revokeTokens() > 0;
          return c.deleteLabelsGuarded(input, signal);
        },
      }),
    });
    const s = seed(h);
    const run = await h.sweep();
    expect(revoked).toBe(true);
    expect(run.status).toBe('succeeded');
    expect((await expectSafe(h, run, s)).sort()).toEqual([...s.orphans].sort());
    const log = h.sim.admin.requestLog();
    expect(log.filter(e => e.rootFields.includes('login'))).toHaveLength(2);
    // Requests in flight at the revocation each see LOAD_TOKEN_FAILED; they share the one re-login.
    expect(
      log.filter(e => e.errorCodes?.includes('LOAD_TOKEN_FAILED')).length,
    ).toBeGreaterThanOrEqual(1);
  });

  it('login rejected (wrong password): failed run, password never recorded', async () => {
    const wrongPassword = 'wrong-password-xyz';
    const h = await kit({
      tower: { credentials: passwordCredentials({ password: wrongPassword }) },
    });
    const s = seed(h);
    const run = await h.sweep();
    expect(run.status).toBe('failed');
    expect(run.error?.code).toMatch(/LOGIN_FAILED|USER_PASSWORD_INCORRECT/);
    const recorded = JSON.stringify([run, h.logger.lines]);
    expect(recorded).not.toContain(wrongPassword);
    expectNoSecret(recorded);
    await expectSafe(h, run, s);
  });

  it('a page larger than asked for: every label listed once, the orphans deleted', async () => {
    const h = await kit({ pageSize: 4 });
    const s = seed(h, 11);
    h.sim.admin.setFaults({ pageOverflow: 3 });
    const run = await h.sweep();
    expect(run.status).toBe('succeeded');
    expect(run.counts.scanned).toBe(
      s.orphans.length + s.held.length + s.young.length,
    );
    expect((await expectSafe(h, run, s)).sort()).toEqual([...s.orphans].sort());
  });

  it('null counters and null values: kept count-nonzero, never deleted; null-valued orphans deleted', async () => {
    const h = await kit();
    const s = seed(h);
    const nulls = s.orphans.slice(0, 3);
    for (const id of nulls)
      h.sim.admin.setCounters(id, {
        total_num: null,
        vm_num: null,
        security_policy_num: null,
      });
    const nullValue = h.sim.admin.createLabel({
      key: 'cape-namespace',
      value: null,
      createdAt: h.old(),
    }).id;
    const run = await h.sweep();
    const outcomes = await h.outcomes(run.id);
    for (const id of nulls)
      expect(outcomes.find(o => o.labelId === id)).toMatchObject({
        action: 'kept',
        reason: 'count-nonzero',
      });
    expect(outcomes.find(o => o.labelId === nullValue)).toMatchObject({
      action: 'deleted',
      value: null,
    });
    await expectSafe(h, run, { ...s, orphans: [...s.orphans, nullValue] });
    expect(run.status).toBe('succeeded');
  });

  it('a response of ~300 MB: refused with a clear error, bounded memory', async () => {
    // Each swept key's keyset chain has a listing request in flight: memory is bounded by
    // chains x maxResponseBytes, so the cap is set to keep that well under the bound below.
    const h = await kit({
      requestTimeoutMs: 60_000,
      maxResponseBytes: 32 * 1024 * 1024,
    });
    const s = seed(h);
    h.sim.admin.setFaults({
      rules: [
        {
          match: { operationName: 'CapeLabelsList' },
          oversizedBytes: 300 * 1024 * 1024,
        },
      ],
    });
    global.gc?.();
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const run = await h.sweep();
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(run).toMatchObject({
      status: 'failed',
      error: { code: 'RESPONSE_TOO_LARGE' },
    });
    expect(run.error?.message).toMatch(
      /response larger than \d+ bytes refused/,
    );
    expect(peak - rss0).toBeLessThan(200 * 1024 * 1024);
    await expectSafe(h, run, s);
  }, 60_000);
});
