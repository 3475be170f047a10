import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunningSimulator, startSimulator } from '../http';
import { adminCall, gql, login } from '../testing';
import { DAY } from '../time';

describe('admin API and request log', () => {
  let sim: RunningSimulator;
  let token: string;
  beforeAll(async () => {
    sim = await startSimulator();
    token = await login(sim.url);
  });
  afterAll(() => sim.stop());

  it('manages the world over /_sim without a Tower token', async () => {
    const label = await adminCall(sim.url, 'POST', '/labels', {
      key: 'cape-vip',
      value: '10.0.0.9',
      createdAt: '2020-01-01T00:00:00.000Z',
    });
    expect(label).toMatchObject({
      key: 'cape-vip',
      createdAt: '2020-01-01T00:00:00.000Z',
      total_num: 0,
      vmIds: [],
    });
    const vm = await adminCall(sim.url, 'POST', '/vms', {
      name: 'vm-x',
      labelIds: [label.id],
    });
    expect(
      (await adminCall(sim.url, 'GET', `/labels/${label.id}`)).total_num,
    ).toBe(1);
    await adminCall(sim.url, 'POST', `/vms/${vm.id}/recycle-bin`, {
      inRecycleBin: true,
    });
    const pol = await adminCall(sim.url, 'POST', '/security-policies', {
      name: 'p',
      labelIds: [label.id],
    });
    expect(
      await adminCall(sim.url, 'GET', `/labels/${label.id}`),
    ).toMatchObject({
      total_num: 2,
      vm_num: 1,
      security_policy_num: 1,
      vmIds: [vm.id],
      securityPolicyIds: [pol.id],
    });
    const r = await gql(
      sim.url,
      `{ vm(where: {id: "${vm.id}"}) { in_recycle_bin labels { id } } }`,
      undefined,
      token,
    );
    expect(r.data.vm).toEqual({
      in_recycle_bin: true,
      labels: [{ id: label.id }],
    });
    await adminCall(sim.url, 'DELETE', `/vms/${vm.id}`);
    await adminCall(sim.url, 'DELETE', `/security-policies/${pol.id}`);
    expect(
      (await adminCall(sim.url, 'GET', `/labels/${label.id}`)).total_num,
    ).toBe(0);
    const attached = await adminCall(sim.url, 'POST', '/attach', {
      key: 'cape-managed',
      value: 'true',
      vmId: (await adminCall(sim.url, 'POST', '/vms', { name: 'vm-y' })).id,
    });
    expect(attached.total_num).toBe(1);
    await adminCall(sim.url, 'POST', `/labels/${label.id}/counters`, {
      total_num: null,
    });
    expect(
      (await adminCall(sim.url, 'GET', `/labels/${label.id}`)).total_num,
    ).toBeNull();
    await adminCall(sim.url, 'POST', '/counter-lag', { counterLag: 'never' });
    expect(await adminCall(sim.url, 'GET', '/counter-lag')).toEqual({
      counterLag: 'never',
    });
    await adminCall(sim.url, 'POST', '/recompute-counters', {});
    expect(
      (await adminCall(sim.url, 'GET', `/labels/${label.id}`)).total_num,
    ).toBe(0);
    await adminCall(sim.url, 'DELETE', `/labels/${label.id}`);
    expect((await adminCall(sim.url, 'GET', '/deleted')).items).toEqual([
      expect.objectContaining({ id: label.id, via: 'admin' }),
    ]);
    expect((await adminCall(sim.url, 'GET', '/labels')).items).toHaveLength(1);
    expect((await fetch(`${sim.url}/_sim/nope`)).status).toBe(404);
    expect((await fetch(`${sim.url}/nope`)).status).toBe(404);
  });

  it('logs requests with token ids, argument summaries and overlap counters', async () => {
    await adminCall(sim.url, 'POST', '/reset-log');
    sim.admin.setFaults({ latencyMs: 100 });
    const ids = Array.from({ length: 5 }, (_, i) => `c${i}`);
    await Promise.all([
      gql(
        sim.url,
        'query Sweep($ids: [ID!]) { labels(where: {AND: [{id_in: $ids}, {key_in: ["a", "b"]}]}, first: 10) { id } }',
        { ids },
        token,
      ),
      gql(
        sim.url,
        'mutation Del { deleteManyLabels(where: {id_in: ["x"], vms_none: {}}) { count } }',
        undefined,
        token,
      ),
    ]);
    sim.admin.clearFaults();
    const log = (await adminCall(sim.url, 'GET', '/log')).items;
    expect(log).toHaveLength(2);
    const sweep = log.find(
      (e: { operationName: string }) => e.operationName === 'Sweep',
    );
    expect(sweep).toMatchObject({
      seq: expect.any(Number),
      rootFields: ['labels'],
      tokenId: expect.stringMatching(/^t\d+$/),
      outcome: 'ok',
      httpStatus: 200,
      args: {
        labels: {
          first: 10,
          idInCount: 5,
          keyIn: ['a', 'b'],
          whereKeys: ['id_in', 'key_in'],
        },
      },
    });
    expect(sweep.endMs).toBeGreaterThanOrEqual(sweep.startMs + 90);
    const counters = await adminCall(sim.url, 'GET', '/counters');
    expect(counters).toMatchObject({
      requests: 2,
      inFlight: 0,
      maxInFlight: 2,
      byRootField: { labels: 1, deleteManyLabels: 1 },
    });
    expect(
      (await adminCall(sim.url, 'GET', `/log?since=${sweep.seq}`)).items.every(
        (e: { seq: number }) => e.seq > sweep.seq,
      ),
    ).toBe(true);
  });
});

describe('scenarios', () => {
  it('generates the same world from the same seed', async () => {
    const clock = () => new Date('2026-11-29T00:00:00.000Z');
    const [a, b] = await Promise.all([
      startSimulator({ scenario: 'demo', clock }),
      startSimulator({ scenario: 'demo', clock }),
    ]);
    try {
      expect(a.admin.labels()).toEqual(b.admin.labels());
      const labels = a.admin.labels();
      expect(labels.length).toBe(300);
      const keys = new Set(labels.map(l => l.key));
      for (const k of [
        'cape-cluster-name',
        'cape-namespace',
        'cape-vip',
        'cape-managed',
        'env',
      ])
        expect(keys).toContain(k);
      expect(labels.some(l => l.key.startsWith('system.cloudtower/'))).toBe(
        true,
      );
      const orphans = labels.filter(
        l => l.vmIds.length === 0 && l.securityPolicyIds.length === 0,
      );
      expect(orphans.length).toBeGreaterThan(120);
      expect(orphans.some(l => l.total_num !== 0)).toBe(true); // stale counters
      const young = labels.filter(
        l => clock().getTime() - Date.parse(l.createdAt) < DAY,
      );
      expect(young.length).toBeGreaterThan(10);
      expect(a.admin.vms().some(v => v.in_recycle_bin)).toBe(true);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('loads YAML files and reloads over /_sim/scenario', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sim-scn-'));
    const file = join(dir, 'w.yaml');
    await writeFile(
      file,
      'vms:\n  - name: vm-1\nlabels:\n  - key: cape-vip\n    value: 1.2.3.4\n    age: 2d\n    vms: [vm-1]\n  - key: env\n',
    );
    const sim = await startSimulator({ scenario: file });
    try {
      expect(sim.admin.labels().map(l => [l.key, l.total_num])).toEqual([
        ['cape-vip', 1],
        ['env', 0],
      ]);
      expect(
        await adminCall(sim.url, 'POST', '/scenario', {
          scenario: 'large:500',
        }),
      ).toMatchObject({ labels: 500 });
      expect(sim.admin.summary().labels).toBe(500);
    } finally {
      await sim.stop();
    }
  });
});

describe('example scenario file', () => {
  it('loads scenarios/example.yaml', async () => {
    const sim = await startSimulator({
      scenario: join(__dirname, '..', '..', 'scenarios', 'example.yaml'),
    });
    try {
      const labels = sim.admin.labels();
      expect(labels).toHaveLength(54);
      const gone = labels.find(l => l.value === 'gone')!;
      expect(gone).toMatchObject({ total_num: 1, vmIds: [] });
      expect(labels.find(l => l.value === '10.0.0.10')!.vmIds).toHaveLength(1);
    } finally {
      await sim.stop();
    }
  });
});
