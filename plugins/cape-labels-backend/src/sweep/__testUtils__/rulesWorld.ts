import { HOUR } from '../../__testUtils__/time';
import type { Harness } from './sweepHarness';

/**
 * One world holding every kind of label the deletion rules tell apart, swept for real
 * (simulator over HTTP, SQLite store).
 */
export async function seedRulesWorld(h: Harness) {
  const { admin } = h.sim;
  const old = h.old();
  const mk = (
    key: string,
    value: string,
    createdAt = old,
    counters?: { total_num?: number | null; vm_num?: number | null },
  ) => admin.createLabel({ key, value, createdAt, counters }).id;
  const vm = admin.createVm({ name: 'vm-live' }).id;
  const binVm = admin.createVm({ name: 'vm-bin', inRecycleBin: true }).id;
  const policy = admin.createSecurityPolicy({ name: 'sp' }).id;

  const orphans = [
    mk('cape-cluster-name', 'gone-1'),
    mk('cape-vip', '10.0.0.1'),
    mk('cape-namespace', 'ns-1'),
  ];
  const young = mk(
    'cape-cluster-name',
    'young',
    new Date(Date.now() - HOUR).toISOString(),
  );
  // Counter lag: held by a VM while the stored counter still says 0.
  const lagging = mk('cape-cluster-name', 'lagging');
  admin.setCounterLag('never');
  admin.attach({ labelId: lagging, vmId: vm });
  const inBin = mk('cape-namespace', 'in-bin');
  admin.attach({ labelId: inBin, vmId: binVm });
  admin.setCounterLag(0);
  admin.setCounters(lagging, { total_num: 0, vm_num: 0 });
  admin.setCounters(inBin, { total_num: 0, vm_num: 0 });
  const policyOnly = mk('cape-vip', 'policy-only');
  admin.attach({ labelId: policyOnly, securityPolicyId: policy });
  const nullCounter = mk('cape-vip', 'null-counter', old, { total_num: null });
  const untouchable = [
    mk('cape-managed', 'true'),
    mk('system.cloudtower/protected', 'x'),
    mk('owner', 'team-a'),
    mk('sks-cluster-name', 'other-prefix'),
    mk('cape-cluster-name-extra', 'lookalike'),
  ];
  return {
    orphans,
    young,
    lagging,
    inBin,
    policyOnly,
    nullCounter,
    untouchable,
  };
}
