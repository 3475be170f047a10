import type {
  DeletedLabel,
  RunningSimulator,
} from '@smartx-cape/cloudtower-simulator';

const DAY = 86_400_000;
const SWEPT_KEYS = ['cape-cluster-name', 'cape-namespace', 'cape-vip'];

export type SeededLabels = {
  oldOrphans: Set<string>;
  youngOrphans: Set<string>;
  attached: Set<string>;
};

/** Old orphans (to delete), young orphans and attached labels (to keep), in a slow Tower. */
export function seedCrashTower(
  sim: RunningSimulator,
  counts = { oldOrphans: 1200, young: 100, attached: 100 },
): SeededLabels {
  const now = Date.now();
  const label = (i: number, createdAt: number) => ({
    key: SWEPT_KEYS[i % SWEPT_KEYS.length],
    value: `crash-${i}`,
    createdAt,
  });
  const ids = (labels: Array<{ id: string }>) => new Set(labels.map(l => l.id));
  const oldOrphans = ids(
    sim.admin.createLabels(
      Array.from({ length: counts.oldOrphans }, (_, i) =>
        label(i, now - 10 * DAY),
      ),
    ),
  );
  const youngOrphans = ids(
    sim.admin.createLabels(
      Array.from({ length: counts.young }, (_, i) =>
        label(100_000 + i, now - 3_600_000),
      ),
    ),
  );
  const attached = ids(
    sim.admin.createLabels(
      Array.from({ length: counts.attached }, (_, i) =>
        label(200_000 + i, now - 10 * DAY),
      ),
    ),
  );
  sim.admin.createVm({ name: 'crash-vm', labelIds: [...attached] });
  return { oldOrphans, youngOrphans, attached };
}

export type DeletionAudit = {
  deleted: number;
  unique: number;
  wrong: string[];
  oldOrphansLeft: number;
};

/** Each label deleted at most once, and only old orphans of swept keys. */
export function auditDeletions(
  deleted: DeletedLabel[],
  seeded: SeededLabels,
  baselineIds: Set<string>,
): DeletionAudit {
  const mine = deleted.filter(d => !baselineIds.has(d.id));
  const wrong = mine
    .filter(
      d =>
        !seeded.oldOrphans.has(d.id) ||
        !SWEPT_KEYS.includes(d.key) ||
        d.vmIds.length > 0 ||
        d.securityPolicyIds.length > 0 ||
        Date.parse(d.deletedAt) - Date.parse(d.createdAt) < DAY,
    )
    .map(d => `${d.id} ${d.key} vms=${d.vmIds.length} via ${d.via}`);
  const ids = new Set(mine.map(d => d.id));
  return {
    deleted: mine.length,
    unique: ids.size,
    wrong,
    oldOrphansLeft: [...seeded.oldOrphans].filter(id => !ids.has(id)).length,
  };
}
