import { startedSimulators } from '../testing';

import { holdersOfRelease } from './holders';

const ROOTS = `{ __type(name: "Query") { fields { name } } }`;

describe('holders: objects naming labels without a relation on Label', () => {
  const start = startedSimulators();

  it.each([
    ['3.0', ['isolationPolicies', 'securityGroups', 'securityPolicies']],
    [
      '4.7',
      [
        'businessHosts',
        'diskPools',
        'isolationPolicies',
        'securityGroups',
        'securityPolicies',
        'virtualPrivateCloudSecurityGroups',
        'virtualPrivateCloudSecurityPolicies',
      ],
    ],
  ] as const)(
    'a Tower %s serves the root queries of its holders only',
    async (release, roots) => {
      const { query } = await start({
        holders: holdersOfRelease(release),
      });
      const r = await query(ROOTS);
      const names = r.data.__type.fields.map((f: { name: string }) => f.name);
      expect(
        names.filter((n: string) => roots.includes(n as never)).sort(),
      ).toEqual([...roots]);
      expect(names).not.toContain(
        release === '3.0' ? 'businessHosts' : 'nothing',
      );
    },
  );

  it('keeps a deleted label id in a JSON column, drops it from resolved lists and relations, and is invisible to Label', async () => {
    const { sim, query } = await start({ holders: holdersOfRelease('4.7') });
    const [held, other] = sim.admin.createLabels([
      { key: 'cape-vip', value: 'a' },
      { key: 'cape-vip', value: 'b' },
    ]);
    const sg = sim.admin.createHolder('securityGroups', {
      labelIds: [held.id],
    });
    sim.admin.createHolder('businessHosts', { labelIds: [held.id] });
    sim.admin.createHolder('securityPolicies', {
      labelIds: [other.id],
      section: 'egress',
    });
    expect(sim.admin.label(held.id)).toMatchObject({
      total_num: 0,
      references: {},
    });
    const read = `{
      securityGroups { id label_groups { label_ids labels { id } } }
      businessHosts { labels { id } }
      securityPolicies { apply_to { selector_ids } egress { selector_ids selector { id } } }
    }`;
    const before = await query(read);
    expect(before.data.securityPolicies).toEqual([
      {
        apply_to: [],
        egress: [{ selector_ids: [other.id], selector: [{ id: other.id }] }],
      },
    ]);
    const deleted = await query(
      'mutation($ids: [ID!]) { deleteManyLabels(where: { AND: [{ id_in: $ids }, { vms_none: {} }, { security_policies_none: {} }] }) { count } }',
      { ids: [held.id] },
    );
    expect(deleted.data.deleteManyLabels.count).toBe(1);
    const after = await query(read);
    expect(after.data.securityGroups).toEqual([
      { id: sg.id, label_groups: [{ label_ids: [held.id], labels: [] }] },
    ]);
    expect(after.data.businessHosts).toEqual([{ labels: [] }]);
  });

  it('pages a holder root by its after cursor', async () => {
    const { sim, query } = await start({});
    const ids = Array.from(
      { length: 5 },
      () => sim.admin.createHolder('securityGroups').id,
    ).sort();
    const page = await query(
      'query($after: String) { securityGroups(first: 2, after: $after) { id } }',
      { after: ids[1] },
    );
    expect(page.data.securityGroups.map((g: { id: string }) => g.id)).toEqual(
      ids.slice(2, 4),
    );
  });
});
