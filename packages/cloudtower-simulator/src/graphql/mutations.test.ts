import { RunningSimulator, startSimulator } from '../http';
import { gql, login } from '../testing';

const LABEL = 'id key value vm_num total_num security_policy_num vms { id }';

async function world(
  counterLag: number | 'never',
  extra: { nullCountersOnCreate?: boolean } = {},
) {
  const sim = await startSimulator({ counterLag, ...extra });
  const token = await login(sim.url);
  const vm = sim.admin.createVm({ name: 'vm-1' });
  const created = await gql(
    sim.url,
    `mutation { createLabel(data: {key: "cape-cluster-name", value: "c1"}) { ${LABEL} } }`,
    undefined,
    token,
  );
  expect(created.errors).toBeUndefined();
  /** A GraphQL call with this world's token. */
  const ask = (query: string, variables?: Record<string, unknown>) =>
    gql(sim.url, query, variables, token);
  return { sim, token, vmId: vm.id, label: created.data.createLabel, ask };
}

type World = Awaited<ReturnType<typeof world>>;

const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

describe('mutations', () => {
  let sim: RunningSimulator;
  afterEach(() => sim?.stop());

  it('creates, updates (connect / disconnect) and deletes labels', async () => {
    const w = await world(0);
    sim = w.sim;
    expect(w.label).toEqual({
      id: expect.any(String),
      key: 'cape-cluster-name',
      value: 'c1',
      vm_num: 0,
      total_num: 0,
      security_policy_num: 0,
      vms: [],
    });
    const upd = await w.ask(
      `mutation($id: ID, $vm: ID) { updateLabel(where: {id: $id}, data: {value: "c2", vms: {connect: [{id: $vm}]}}) { ${LABEL} } }`,
      { id: w.label.id, vm: w.vmId },
    );
    expect(upd.data.updateLabel).toMatchObject({
      value: 'c2',
      vm_num: 1,
      total_num: 1,
      vms: [{ id: w.vmId }],
    });
    const missing = await w.ask(
      `mutation { updateLabel(where: {id: "${w.label.id}"}, data: {vms: {connect: [{id: "nope"}]}}) { id } }`,
    );
    expect(missing.errors?.[0]).toMatchObject({
      code: 'RESOURCE_NOT_FOUND',
      path: ['updateLabel'],
    });
    const disc = await w.ask(
      `mutation($id: ID, $vm: ID) { updateLabel(where: {id: $id}, data: {key: "k2", value: null, vms: {disconnect: [{id: $vm}]}}) { ${LABEL} } }`,
      { id: w.label.id, vm: w.vmId },
    );
    expect(disc.data.updateLabel).toMatchObject({
      key: 'k2',
      value: null,
      total_num: 0,
      vms: [],
    });
    const keyed = await w.ask(
      '{ a: labels(where: {key: "k2"}) { id } b: labels(where: {key: "cape-cluster-name"}) { id } }',
    );
    expect(keyed.data).toEqual({ a: [{ id: w.label.id }], b: [] });
    const del = await w.ask(
      `mutation { deleteLabel(where: {id: "${w.label.id}"}) { id key } }`,
    );
    expect(del.data.deleteLabel).toEqual({ id: w.label.id, key: 'k2' });
    const gone = await w.ask(
      `mutation { deleteLabel(where: {id: "${w.label.id}"}) { id } }`,
    );
    expect(gone.errors?.[0].code).toBe('RESOURCE_NOT_FOUND');
    expect(sim.admin.deletedLabels()).toEqual([
      expect.objectContaining({ id: w.label.id, via: 'deleteLabel' }),
    ]);
  });

  it('deleteManyLabels returns the count and removes associations', async () => {
    const w = await world(0);
    sim = w.sim;
    sim.admin.attach({ labelId: w.label.id, vmId: w.vmId });
    const other = sim.admin.createLabel({
      key: 'cape-cluster-name',
      value: 'c1',
    });
    const r = await w.ask(
      'mutation { deleteManyLabels(where: {key: "cape-cluster-name"}) { count } }',
    );
    expect(r.data.deleteManyLabels.count).toBe(2);
    expect(sim.admin.vms()[0].labelIds).toEqual([]);
    expect(sim.admin.deletedLabels().map(d => [d.id, d.vmIds])).toEqual([
      [w.label.id, [w.vmId]],
      [other.id, []],
    ]);
    const none = await w.ask(
      'mutation { deleteManyLabels(where: {key: "x"}) { count } }',
    );
    expect(none.data.deleteManyLabels.count).toBe(0);
  });

  it('deleteManyLabels deletes its labels at one moment, as one transaction does', async () => {
    let now = Date.parse('2026-11-01T00:00:00.000Z');
    sim = await startSimulator({ clock: () => new Date((now += 1000)) });
    for (const value of ['a', 'b', 'c'])
      sim.admin.createLabel({ key: 'cape-vip', value });
    const r = await gql(
      sim.url,
      'mutation { deleteManyLabels(where: {key: "cape-vip"}) { count } }',
      undefined,
      await login(sim.url),
    );
    expect(r.data.deleteManyLabels.count).toBe(3);
    const deleted = sim.admin.deletedLabels();
    expect(new Set(deleted.map(d => d.deletedAt)).size).toBe(1);
    expect(new Set(deleted.map(d => d.createdAt)).size).toBe(3);
  });
});

describe('counter lag', () => {
  let sim: RunningSimulator;
  afterEach(() => sim?.stop());

  /** Connects the world's label to its VM; answers the label's total_num and VMs. */
  const connect = (w: World) =>
    w.ask(
      `mutation { updateLabel(where: {id: "${w.label.id}"}, data: {vms: {connect: [{id: "${w.vmId}"}]}}) { total_num vms { id } } }`,
    );
  const totalNum = async (w: World) =>
    (await w.ask(`{ label(where: {id: "${w.label.id}"}) { total_num } }`)).data
      .label.total_num;

  it('0: counters follow synchronously', async () => {
    const w = await world(0);
    sim = w.sim;
    const r = await connect(w);
    expect(r.data.updateLabel).toMatchObject({
      total_num: 1,
      vms: [{ id: w.vmId }],
    });
  });

  it('N ms: counters follow after the delay, the relation at once', async () => {
    const w = await world(150);
    sim = w.sim;
    const r = await connect(w);
    expect(r.data.updateLabel).toMatchObject({
      total_num: 0,
      vms: [{ id: w.vmId }],
    });
    expect(sim.admin.summary().pendingCounterUpdates).toBe(1);
    await sleep(300);
    expect(await totalNum(w)).toBe(1);
    sim.admin.detach({ labelId: w.label.id, vmId: w.vmId });
    expect(await totalNum(w)).toBe(1);
    await sleep(300);
    expect(await totalNum(w)).toBe(0);
  });

  it("'never': counters stay until recomputeCounters()", async () => {
    const w = await world('never');
    sim = w.sim;
    await connect(w);
    await sleep(100);
    expect(await totalNum(w)).toBe(0);
    sim.admin.recomputeCounters();
    expect(await totalNum(w)).toBe(1);
  });

  it('lets the admin set counters and switch the lag at run time', async () => {
    const w = await world(0, { nullCountersOnCreate: true });
    sim = w.sim;
    expect(w.label.total_num).toBeNull();
    sim.admin.setCounters(w.label.id, { total_num: 7 });
    expect(await totalNum(w)).toBe(7);
    sim.admin.setCounterLag('never');
    await connect(w);
    expect(await totalNum(w)).toBe(7);
    sim.admin.setCounterLag(0);
    sim.admin.attach({
      key: 'cape-cluster-name',
      value: 'c1',
      vmId: sim.admin.createVm({ name: 'vm-2' }).id,
    });
    expect(await totalNum(w)).toBe(2);
  });
});

describe('ids', () => {
  it('sort in creation order and differ across id seeds', async () => {
    const a = await startSimulator({ idSeed: 1 });
    const b = await startSimulator({ idSeed: 2 });
    try {
      const token = await login(a.url);
      const created: string[] = [];
      for (let i = 0; i < 40; i++) {
        const r = await gql(
          a.url,
          `mutation { createLabel(data: {key: "k", value: "${i}"}) { id } }`,
          undefined,
          token,
        );
        created.push(r.data.createLabel.id);
      }
      expect([...created].sort()).toEqual(created);
      const admin = a.admin.createLabel({
        key: 'k',
        createdAt: '2020-01-01T00:00:00Z',
      });
      expect(admin.id > created[39]).toBe(true);
      expect(b.admin.createLabel({ key: 'k' }).id).not.toBe(
        a.admin.labels()[0].id,
      );
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});

describe('Everoute security policies', () => {
  let sim: RunningSimulator;
  afterEach(() => sim?.stop());

  it('refuses, as a whole, a deleteManyLabels over a label an Everoute security policy uses', async () => {
    const w = await world(0);
    sim = w.sim;
    const other = sim.admin.createLabel({
      key: 'cape-cluster-name',
      value: 'c2',
    });
    const policy = sim.admin.createEveroutePolicy({
      name: 'allow-web',
      labelIds: [w.label.id],
    });
    // No filter of Label sees the policy: the guard's filters match the label all the same.
    const matched = await w.ask(
      'query($ids: [ID!]) { labels(where: {AND: [{id_in: $ids}, {security_policies_none: {}}]}) { id } }',
      { ids: [w.label.id] },
    );
    expect(matched.data.labels).toEqual([{ id: w.label.id }]);
    const both = await w.ask(
      'mutation($ids: [ID!]) { deleteManyLabels(where: {id_in: $ids}) { count } }',
      { ids: [w.label.id, other.id] },
    );
    expect(both.errors?.[0]).toMatchObject({
      code: 'LABEL_USED_BY_SECURITY_POLICY',
      message: `label ${w.label.id} is used by security policy allow-web`,
    });
    expect(sim.admin.deletedLabels()).toEqual([]);
    const one = await w.ask(
      'mutation($ids: [ID!]) { deleteManyLabels(where: {id_in: $ids}) { count } }',
      { ids: [other.id] },
    );
    expect(one.data.deleteManyLabels.count).toBe(1);
    expect(sim.admin.deleteEveroutePolicy(policy.id)).toBe(true);
    const freed = await w.ask(
      'mutation($id: ID) { deleteLabel(where: {id: $id}) { id } }',
      { id: w.label.id },
    );
    expect(freed.errors).toBeUndefined();
  });
});
