import type { Run } from '@smartx-cape/plugin-cape-labels-common';
import {
  createHarness,
  stoppedAfterEach,
  type Harness,
  type HarnessOptions,
} from '../../sweep/__testUtils__/sweepHarness';
import type { SweepTuning } from '../../config/types';
import { HOUR } from '../../__testUtils__/time';

/** The tuning a fault test turns: timeout, response cap, page size, batches in flight. */
const TURNED = [
  'requestTimeoutMs',
  'maxResponseBytes',
  'pageSize',
  'batchesInFlight',
] as const satisfies ReadonlyArray<keyof SweepTuning>;

export type KitOptions = HarnessOptions &
  Partial<Pick<SweepTuning, (typeof TURNED)[number]>>;

/**
 * The sweep harness with the tuning a fault test turns given at the top level; what a test
 * leaves out keeps the harness's tuning and the sweeper's defaults.
 */
async function createKit(options: KitOptions = {}): Promise<Harness> {
  const turned = TURNED.filter(name => options[name] !== undefined).map(
    name => [name, options[name]],
  );
  return createHarness({
    ...options,
    sweeper: { ...Object.fromEntries(turned), ...options.sweeper },
  });
}

/** `createKit` for the tests of one `describe`, each kit stopped after its test. */
export function kitPerTest(): (options?: KitOptions) => Promise<Harness> {
  return stoppedAfterEach(createKit);
}

type Seeded = {
  orphans: string[];
  held: string[];
  young: string[];
  foreign: string[];
};

/**
 * Orphans, labels held by a VM (live, recycle bin, counter lagging at 0) or only by a volume
 * snapshot (a relation Tower 3.3 added; counter lagging at 0), young and foreign labels.
 */
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
  const bySnapshot = mk('cape-vip', 'held-volume-snapshot');
  admin.createObject('vm_volume_snapshots', {
    name: 'volume-snapshot',
    labelIds: [bySnapshot],
  });
  admin.setCounters(bySnapshot, { total_num: 0 });
  held.push(bySnapshot);
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

/**
 * Nothing wrongly deleted, and the record matches Tower: deleted outcomes == labels deleted on
 * Tower, counts == outcomes. Returns the ids deleted.
 */
export async function expectSafe(
  h: Harness,
  run: Run,
  s: Seeded,
): Promise<string[]> {
  const deleted = h.sim.admin.deletedLabels();
  for (const d of deleted) {
    expect(d.references).toEqual({});
    expect(s.orphans).toContain(d.id);
  }
  if (run.dryRun) expect(deleted).toEqual([]);
  for (const id of [...s.held, ...s.young, ...s.foreign])
    expect(h.sim.admin.label(id)).toBeDefined();
  const page = await h.store.listOutcomes(run.id, {
    limit: 100_000,
    offset: 0,
  });
  const outcomes = page.items;
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
  // Kept labels are counted per reason; those an older run only counts are not listed.
  const keptByReason: Record<string, number> = { ...run.keptByReason };
  const listedKept: Record<string, number> = {};
  for (const o of outcomes)
    if (o.action === 'kept')
      listedKept[o.reason!] = (listedKept[o.reason!] ?? 0) + 1;
  for (const reason of page.countedOnly) delete keptByReason[reason];
  expect(listedKept).toEqual(keptByReason);
  expect(run.counts.kept).toBe(
    Object.values(run.keptByReason ?? {}).reduce((a, b) => a + b, 0),
  );
  expect(run.finishedAt).not.toBeNull();
  return onTower;
}
