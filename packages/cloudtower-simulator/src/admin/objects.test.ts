import { buildSchema, GraphQLObjectType } from 'graphql';
import { SCHEMA_SDL } from '../graphql';
import { adminCall, gql, servedSimulator } from '../testing';
import { LABEL_RELATIONS } from '../world';

const COUNTERS =
  'vm_num host_num vm_snapshot_num vm_vlan_num system_vlan_num security_policy_num total_num';

describe('objects of every relation', () => {
  const f = servedSimulator({ counterLag: 'never' });

  const counters = async (id: string) =>
    (
      await gql(
        f.sim.url,
        `query($id: ID) { label(where: {id: $id}) { ${COUNTERS} } }`,
        { id },
        f.token,
      )
    ).data.label;

  it('exports the 29 relations of the schema, vms and security_policies included', () => {
    expect(LABEL_RELATIONS).toHaveLength(29);
    const label = buildSchema(SCHEMA_SDL).getType('Label') as GraphQLObjectType;
    const fields = label.getFields();
    for (const r of LABEL_RELATIONS) {
      expect(fields[r.field].type.toString()).toBe(`[${r.type}!]`);
      expect(fields[r.counter].type.toString()).toBe('Int');
    }
    expect(LABEL_RELATIONS).toContainEqual({
      field: 'security_policies',
      type: 'SecurityPolicy',
      counter: 'security_policy_num',
    });
    expect(LABEL_RELATIONS).toContainEqual({
      field: 'vms',
      type: 'Vm',
      counter: 'vm_num',
    });
  });

  it('lags every counter behind the live references, then counts them all in total_num', async () => {
    const label = f.sim.admin.createLabel({
      key: 'cape-vip',
      value: '10.1.1.1',
    });
    f.sim.admin.createObject('hosts', { name: 'h1', labelIds: [label.id] });
    f.sim.admin.createObject('hosts', { name: 'h2', labelIds: [label.id] });
    f.sim.admin.createObject('vlans', { labelIds: [label.id] });
    f.sim.admin.createObject('vms', { name: 'vm-1', labelIds: [label.id] });
    const zero = {
      vm_num: 0,
      host_num: 0,
      vm_snapshot_num: 0,
      vm_vlan_num: 0,
      system_vlan_num: 0,
      security_policy_num: 0,
      total_num: 0,
    };
    expect(await counters(label.id)).toEqual(zero);
    const live = await gql(
      f.sim.url,
      `query($id: ID) { label(where: {id: $id}) { hosts { name } vlans { id } vms { name } } }`,
      { id: label.id },
      f.token,
    );
    expect(live.data.label.hosts).toHaveLength(2);
    f.sim.admin.recomputeCounters([label.id]);
    expect(await counters(label.id)).toEqual({
      ...zero,
      vm_num: 1,
      host_num: 2,
      vm_vlan_num: 1,
      total_num: 4,
    });
    expect(f.sim.admin.label(label.id)!.counters).toMatchObject({
      host_num: 2,
      vm_vlan_num: 1,
      gpu_device_num: 0,
      total_num: 4,
    });
  });

  it('creates, attaches, detaches and deletes objects over /_sim', async () => {
    const label = await adminCall(f.sim.url, 'POST', '/labels', { key: 'k' });
    const snap = await adminCall(f.sim.url, 'POST', '/objects/vm_snapshots', {
      name: 's1',
    });
    const tpl = await adminCall(f.sim.url, 'POST', '/objects/vm_templates', {
      labelIds: [label.id],
    });
    const attached = await adminCall(f.sim.url, 'POST', '/attach', {
      labelId: label.id,
      relation: 'vm_snapshots',
      objectId: snap.id,
    });
    expect(attached.references).toEqual({
      vm_snapshots: [snap.id],
      vm_templates: [tpl.id],
    });
    expect(
      (await adminCall(f.sim.url, 'GET', '/objects/vm_snapshots')).items,
    ).toEqual([{ id: snap.id, name: 's1', labelIds: [label.id] }]);
    const detached = await adminCall(f.sim.url, 'POST', '/detach', {
      labelId: label.id,
      relation: 'vm_snapshots',
      objectId: snap.id,
    });
    expect(detached.references).toEqual({ vm_templates: [tpl.id] });
    expect(
      await adminCall(f.sim.url, 'DELETE', `/objects/vm_templates/${tpl.id}`),
    ).toEqual({ deleted: true });
    expect(
      (await adminCall(f.sim.url, 'GET', `/labels/${label.id}`)).references,
    ).toEqual({});
    const vm = await adminCall(f.sim.url, 'POST', '/objects/vms', {
      labelIds: [label.id],
    });
    expect(f.sim.admin.vms().find(v => v.id === vm.id)).toMatchObject({
      in_recycle_bin: false,
      labelIds: [label.id],
    });
  });

  it('refuses unknown relations, objects and counter names', async () => {
    const label = f.sim.admin.createLabel({ key: 'k2' });
    expect(() => f.sim.admin.createObject('backup_plans')).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT' }),
    );
    expect(() =>
      f.sim.admin.attach({
        labelId: label.id,
        relation: 'hosts',
        objectId: 'x',
      }),
    ).toThrow(expect.objectContaining({ code: 'RESOURCE_NOT_FOUND' }));
    expect(() => f.sim.admin.setCounters(label.id, { nope_num: 1 })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT' }),
    );
    const res = await fetch(`${f.sim.url}/_sim/labels/${label.id}/counters`, {
      method: 'POST',
      body: JSON.stringify({ nope_num: 1 }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT' });
    expect(
      f.sim.admin.setCounters(label.id, { host_num: 3, total_num: null }),
    ).toMatchObject({
      total_num: null,
      counters: expect.objectContaining({ host_num: 3, total_num: null }),
    });
  });
});
