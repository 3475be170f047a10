import { startSimulator } from '../http';
import { gql, startedSimulators } from '../testing';
import { LABEL_RELATIONS, LEGACY_MISSING_RELATIONS } from '../world';

const LABEL_TYPE = `{
  label: __type(name: "Label") { fields { name } }
  where: __type(name: "LabelWhereInput") { inputFields { name } }
}`;

async function introspect({
  query,
}: {
  query: (text: string) => ReturnType<typeof gql>;
}) {
  const r = await query(LABEL_TYPE);
  expect(r.errors).toBeUndefined();
  return {
    fields: r.data.label.fields.map((f: { name: string }) => f.name),
    filters: r.data.where.inputFields.map((f: { name: string }) => f.name),
  };
}

describe('tower versions', () => {
  const start = startedSimulators();

  it('lists every relation, counter and filter of Label on a current Tower', async () => {
    const { fields, filters } = await introspect(await start({}));
    for (const r of LABEL_RELATIONS) {
      expect(fields).toEqual(expect.arrayContaining([r.field, r.counter]));
      expect(filters).toEqual(
        expect.arrayContaining(
          ['some', 'every', 'none'].map(m => `${r.field}_${m}`),
        ),
      );
    }
    expect(fields).toEqual(
      expect.arrayContaining(['system_vlan_num', 'total_num']),
    );
  });

  it('refuses introspection on a legacy Tower, as production Apollo does, but answers __typename', async () => {
    const { query } = await start({ towerVersion: 'legacy' });
    for (const q of [LABEL_TYPE, '{ __schema { types { name } } }']) {
      const r = await query(q);
      expect(r.status).toBe(200);
      expect(r.errors).toEqual([
        expect.objectContaining({
          code: 'GRAPHQL_VALIDATION_FAILED',
          message: expect.stringContaining('introspection is not allowed'),
        }),
      ]);
    }
    const typename = await query('{ labels { id __typename } }');
    expect(typename.errors).toBeUndefined();
    const nested = await query(
      'query { ...F } fragment F on Query { labels { id } __type(name: "Label") { name } }',
    );
    expect(nested.errors?.[0].message).toMatch(/introspection is not allowed/);
  });

  it('follows the introspection option either way', async () => {
    const off = await start({ introspection: false });
    expect((await off.query(LABEL_TYPE)).errors?.[0].code).toBe(
      'GRAPHQL_VALIDATION_FAILED',
    );
    const on = await start({ towerVersion: 'legacy', introspection: true });
    const { fields, filters } = await introspect(on);
    for (const field of LEGACY_MISSING_RELATIONS) {
      expect(fields).not.toContain(field);
      expect(filters).not.toContain(`${field}_none`);
    }
    expect(fields).toEqual(
      expect.arrayContaining(['hosts', 'vm_snapshots', 'vms']),
    );
    // Switched at run time, as a world of the property tests does.
    off.sim.admin.setIntrospection(true);
    expect((await introspect(off)).filters).toContain(
      'vm_volume_snapshots_none',
    );
    on.sim.admin.setIntrospection(false);
    expect((await on.query(LABEL_TYPE)).errors?.[0].code).toBe(
      'GRAPHQL_VALIDATION_FAILED',
    );
  });

  it('lacks the legacy-missing relations, their counters and filters, and authnStrategies on a legacy Tower', async () => {
    expect(LEGACY_MISSING_RELATIONS).toEqual(
      expect.arrayContaining(['gpu_devices', 'vm_volume_snapshots']),
    );
    const { sim, query } = await start({ towerVersion: 'legacy' });
    for (const field of LEGACY_MISSING_RELATIONS) {
      const counter = LABEL_RELATIONS.find(r => r.field === field)!.counter;
      const list = await query(`{ labels { ${field} { id } } }`);
      expect(list.errors).toEqual([
        expect.objectContaining({
          code: 'GRAPHQL_VALIDATION_FAILED',
          message: expect.stringMatching(
            `^Cannot query field "${field}" on type "Label"\\.`,
          ),
        }),
      ]);
      const num = await query(`{ labels { ${counter} } }`);
      expect(num.errors?.[0].message).toContain(`"${counter}"`);
      const filter = await query(
        `mutation { deleteManyLabels(where: {${field}_none: {}}) { count } }`,
      );
      expect(filter.errors?.[0].message).toContain(`${field}_none`);
      expect(() => sim.admin.createObject(field)).toThrow(/unknown relation/);
    }
    const strategies = await gql(sim.url, '{ authnStrategies { id type } }');
    expect(strategies.errors?.[0]).toMatchObject({
      code: 'GRAPHQL_VALIDATION_FAILED',
      message: 'Cannot query field "authnStrategies" on type "Query".',
    });
    const ok = await query(
      '{ labels(where: {hosts_none: {}, vm_snapshots_none: {}}) { id host_num vm_snapshots { id } } }',
    );
    expect(ok.errors).toBeUndefined();
  });

  it('adds extra relations a newer Tower has, counted, filtered and attachable', async () => {
    const { sim, query } = await start({
      extraRelations: ['backup_plans', 'replication_policies'],
      counterLag: 'never',
    });
    const label = sim.admin.createLabel({ key: 'cape-vip', value: '10.0.0.1' });
    const plan = sim.admin.createObject('backup_plans', { name: 'nightly' });
    sim.admin.attach({
      labelId: label.id,
      relation: 'backup_plans',
      objectId: plan.id,
    });
    sim.admin.createObject('replication_policies', { labelIds: [label.id] });
    const before = await query(
      `query($id: ID) { label(where: {id: $id}) { backup_plan_num replication_policy_num total_num backup_plans { id name } } }`,
      { id: label.id },
    );
    expect(before.data.label).toEqual({
      backup_plan_num: 0,
      replication_policy_num: 0,
      total_num: 0,
      backup_plans: [{ id: plan.id, name: 'nightly' }],
    });
    sim.admin.recomputeCounters();
    expect(sim.admin.label(label.id)).toMatchObject({
      total_num: 2,
      counters: expect.objectContaining({
        backup_plan_num: 1,
        replication_policy_num: 1,
      }),
      references: {
        backup_plans: [plan.id],
        replication_policies: [expect.any(String)],
      },
    });
    const type = await query(
      '{ __type(name: "BackupPlanWhereInput") { name } }',
    );
    expect(type.data.__type).toEqual({ name: 'BackupPlanWhereInput' });
    const guarded = await query(
      `mutation($id: ID) { deleteManyLabels(where: {AND: [{id: $id}, {vms_none: {}}, {backup_plans_none: {}}]}) { count } }`,
      { id: label.id },
    );
    expect(guarded.data.deleteManyLabels.count).toBe(0);
    const some = await query(
      `{ labels(where: {backup_plans_some: {name: "nightly"}}) { id } }`,
    );
    expect(some.data.labels).toEqual([{ id: label.id }]);
  });

  it.each([
    [{ towerVersion: 'v2' as 'legacy' }, /towerVersion/],
    [{ extraRelations: ['vms'] }, /extraRelations: 'vms'/],
    [{ extraRelations: ['Backup'] }, /extraRelations: 'Backup'/],
  ])('refuses bad options %j naming the key', async (options, message) => {
    await expect(startSimulator(options)).rejects.toThrow(message);
  });
});
