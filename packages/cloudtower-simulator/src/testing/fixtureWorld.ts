import { ScenarioSpec } from '../scenarios';

/** Fixed clock and small world shared by the filter and pagination tests. */
export const NOW = new Date('2026-11-29T12:00:00.000Z');
export const clock = () => new Date(NOW);

/** Index = creation order = id order. */
export const FIXTURE: ScenarioSpec = {
  vms: [
    { name: 'vm-a' },
    { name: 'vm-b' },
    { name: 'vm-r', inRecycleBin: true },
    { name: 'vm-empty' },
  ],
  securityPolicies: [{ name: 'pol-1' }],
  labels: [
    { key: 'cape-cluster-name', value: 'alpha', age: '48h', vms: ['vm-a'] }, // 0
    { key: 'cape-cluster-name', value: 'beta', age: '48h' }, // 1
    { key: 'cape-namespace', value: 'ns1', age: '2h' }, // 2
    { key: 'cape-vip', value: '10.0.0.1', age: '72h', vms: ['vm-r'] }, // 3
    { key: 'cape-managed', value: 'true', age: '100h', vms: ['vm-a', 'vm-b'] }, // 4
    {
      key: 'system.cloudtower/protected',
      value: null,
      age: '10h',
      securityPolicies: ['pol-1'],
    }, // 5
    {
      key: 'env',
      value: 'prod',
      age: '30h',
      counters: { vm_num: null, total_num: null, security_policy_num: null },
    }, // 6
    { key: 'cape-cluster-name', value: 'alpha', age: '1h', vms: ['vm-b'] }, // 7
  ],
};
