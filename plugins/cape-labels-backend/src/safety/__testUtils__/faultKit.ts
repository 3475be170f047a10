import type { LabelOutcome, Run } from '@smartx-cape/plugin-cape-labels-common';
import { createTowerClient } from '../../cloudtower';
import { towerConnectionOptions } from '../../config/towerConnection';
import type { TowerClient } from '../../cloudtower/types';
import type { TowerConfig } from '../../config/types';
import {
  createHarness,
  overriding,
  HOUR,
  type Harness,
  type HarnessOptions,
} from '../../sweep/__testUtils__/sweepHarness';
import type { TowerSweeperOptions } from '../../sweep/TowerSweeper';

export { stoppedAfterEach } from '../../sweep/__testUtils__/sweepHarness';

/** The sweeper's options, changed between runs (as the shared sweep tests do). */
export function sweeperOptions(h: Harness): TowerSweeperOptions {
  return (h.sweeper as unknown as { options: TowerSweeperOptions }).options;
}

export type KitOptions = HarnessOptions & {
  requestTimeoutMs?: number;
  maxResponseBytes?: number;
  pageSize?: number;
  batchesInFlight?: number;
};

/**
 * The sweep harness with the plugin's full client options (caCert, timeout, response cap),
 * which the shared harness does not pass through.
 */
export async function createKit(options: KitOptions = {}): Promise<Harness> {
  return createHarness({
    ...options,
    sweeper: {
      pageSize: options.pageSize ?? 1000,
      batchesInFlight: options.batchesInFlight ?? 4,
      createClient: (t: TowerConfig): TowerClient => {
        const client = createTowerClient(
          towerConnectionOptions(t, {
            requestTimeoutMs: options.requestTimeoutMs ?? 5000,
            maxResponseBytes: options.maxResponseBytes,
          }),
        );
        return options.wrapClient
          ? overriding(client, options.wrapClient(client))
          : client;
      },
      ...options.sweeper,
    },
  });
}

export type Seeded = {
  orphans: string[];
  held: string[];
  young: string[];
  foreign: string[];
};

/** Orphans, labels held by a VM (live, recycle bin, counter lagging at 0), young and foreign labels. */
export function seed(h: Harness, orphans = 6): Seeded {
  const { admin } = h.sim;
  const old = h.old();
  const mk = (key: string, value: string, createdAt = old) =>
    admin.createLabel({ key, value, createdAt }).id;
  const ids = Array.from({ length: orphans }, (_, i) =>
    mk(i % 2 ? 'cape-vip' : 'cape-cluster-name', `o${i}`),
  );
  const vm = admin.createVm({ name: 'live' }).id;
  const bin = admin.createVm({ name: 'bin', inRecycleBin: true }).id;
  admin.setCounterLag('never');
  const held = [
    mk('cape-cluster-name', 'held'),
    mk('cape-namespace', 'held-bin'),
  ];
  admin.attach({ labelId: held[0], vmId: vm });
  admin.attach({ labelId: held[1], vmId: bin });
  const young = [
    mk('cape-vip', 'young', new Date(Date.now() - HOUR).toISOString()),
  ];
  const foreign = [
    mk('cape-managed', 'true'),
    mk('system.cloudtower/x', 'y'),
    mk('sks-vip', 'z'),
  ];
  return { orphans: ids, held, young, foreign };
}

export async function outcomesOf(
  h: Harness,
  run: Run,
): Promise<LabelOutcome[]> {
  return (await h.store.listOutcomes(run.id, { limit: 100_000, offset: 0 }))
    .items;
}

/**
 * Nothing wrongly deleted, and the record matches Tower: deleted outcomes == labels deleted on
 * Tower, counts == outcomes (kept: listed or counted only). Returns the ids deleted.
 */
export async function expectSafe(
  h: Harness,
  run: Run,
  s: Seeded,
): Promise<string[]> {
  const deleted = h.sim.admin.deletedLabels();
  for (const d of deleted) {
    expect(d.vmIds).toEqual([]);
    expect(d.securityPolicyIds).toEqual([]);
    expect(s.orphans).toContain(d.id);
  }
  if (run.dryRun) expect(deleted).toEqual([]);
  for (const id of [...s.held, ...s.young, ...s.foreign])
    expect(h.sim.admin.label(id)).toBeDefined();
  const outcomes = await outcomesOf(h, run);
  const recorded = outcomes
    .filter(o => o.action === 'deleted')
    .map(o => o.labelId)
    .sort();
  const onTower = deleted.map(d => d.id).sort();
  expect(recorded).toEqual(onTower);
  expect(run.counts.deleted).toBe(recorded.length);
  expect(run.counts.failed).toBe(
    outcomes.filter(o => o.action === 'failed').length,
  );
  // Kept labels are listed, or only counted (routine keeps of an older run: retention).
  const { countedOnly } = await h.store.listOutcomes(run.id, {
    limit: 1,
    offset: 0,
  });
  const countedOnlyKept = countedOnly.reduce(
    (sum, reason) => sum + (run.keptByReason?.[reason] ?? 0),
    0,
  );
  expect(run.counts.kept).toBe(
    outcomes.filter(o => o.action === 'kept').length + countedOnlyKept,
  );
  const byReason = Object.values(run.keptByReason ?? {});
  expect(byReason.reduce((sum, n) => sum + n, 0)).toBe(run.counts.kept);
  expect(run.finishedAt).not.toBeNull();
  return onTower;
}
