import { gql, servedSimulator } from '../testing';
import { LABEL_RELATIONS } from '../world';

/** Every relation filter of Label, on labels, labelsConnection and deleteManyLabels. */
describe('relation filters', () => {
  const f = servedSimulator({ counterLag: 'never' });

  /** Labels of key `k-<field>`: a held by object x; b by x and y; c by nothing. */
  function world(field: string) {
    const key = `k-${field}`;
    const [a, b, c] = f.sim.admin
      .createLabels([
        { key, value: 'a' },
        { key, value: 'b' },
        { key, value: 'c' },
      ])
      .map(l => l.id);
    f.sim.admin.createObject(field, { name: 'x', labelIds: [a, b] });
    f.sim.admin.createObject(field, { name: 'y', labelIds: [b] });
    return { key, a, b, c };
  }

  async function values(key: string, where: object): Promise<string[]> {
    const r = await gql(
      f.sim.url,
      'query($w: LabelWhereInput) { labels(where: $w) { value } }',
      { w: { AND: [{ key }, where] } },
      f.token,
    );
    expect(r.errors).toBeUndefined();
    return r.data.labels.map((l: { value: string }) => l.value);
  }

  it.each(LABEL_RELATIONS.map(r => r.field))(
    '%s: _some, _every and _none, with and without a sub-filter',
    async field => {
      const { key } = world(field);
      expect(await values(key, { [`${field}_some`]: {} })).toEqual(['a', 'b']);
      expect(await values(key, { [`${field}_none`]: {} })).toEqual(['c']);
      expect(await values(key, { [`${field}_every`]: {} })).toEqual([
        'a',
        'b',
        'c',
      ]);
      expect(await values(key, { [`${field}_some`]: { name: 'y' } })).toEqual([
        'b',
      ]);
      expect(await values(key, { [`${field}_every`]: { name: 'x' } })).toEqual([
        'a',
        'c',
      ]);
      expect(
        await values(key, { [`${field}_none`]: { name_contains: 'y' } }),
      ).toEqual(['a', 'c']);
      const conn = await gql(
        f.sim.url,
        `query($w: LabelWhereInput) { labelsConnection(where: $w) { aggregate { count } } }`,
        { w: { AND: [{ key }, { [`${field}_some`]: {} }] } },
        f.token,
      );
      expect(conn.data.labelsConnection.aggregate.count).toBe(2);
      const del = await gql(
        f.sim.url,
        `mutation($w: LabelWhereInput) { deleteManyLabels(where: $w) { count } }`,
        { w: { AND: [{ key }, { [`${field}_none`]: {} }] } },
        f.token,
      );
      expect(del.data.deleteManyLabels.count).toBe(1);
      expect(await values(key, {})).toEqual(['a', 'b']);
    },
  );

  it('deleteManyLabels keeps a label a vm_snapshot holds while its counters say 0', async () => {
    const label = f.sim.admin.createLabel({
      key: 'cape-vip',
      value: '10.0.0.7',
    });
    f.sim.admin.createObject('vm_snapshots', { labelIds: [label.id] });
    expect(f.sim.admin.label(label.id)).toMatchObject({
      total_num: 0,
      counters: expect.objectContaining({ vm_snapshot_num: 0, total_num: 0 }),
      references: { vm_snapshots: [expect.any(String)] },
    });
    const guard = [
      { id_in: [label.id] },
      { total_num: 0 },
      ...LABEL_RELATIONS.map(r => ({ [`${r.field}_none`]: {} })),
    ];
    const del = (where: object[]) =>
      gql(
        f.sim.url,
        'mutation($w: LabelWhereInput) { deleteManyLabels(where: $w) { count } }',
        { w: { AND: where } },
        f.token,
      );
    expect((await del(guard)).data.deleteManyLabels.count).toBe(0);
    expect(f.sim.admin.label(label.id)).toBeDefined();
    // The counters and vms_none alone would have let it go.
    expect(
      (await del(guard.slice(0, 2).concat({ vms_none: {} }))).data
        .deleteManyLabels.count,
    ).toBe(1);
    expect(f.sim.admin.deletedLabels().at(-1)).toMatchObject({
      id: label.id,
      references: { vm_snapshots: [expect.any(String)] },
      vmIds: [],
    });
  });

  it('lists a relation with pagination, order and filter like Label.vms', async () => {
    const label = f.sim.admin.createLabel({ key: 'host-list' });
    for (const name of ['h1', 'h2', 'h3'])
      f.sim.admin.createObject('hosts', { name, labelIds: [label.id] });
    const ok = await gql(
      f.sim.url,
      `query($id: ID) { label(where: {id: $id}) {
        all: hosts(orderBy: name_DESC) { name }
        page: hosts(orderBy: name_ASC, skip: 1, first: 1) { name }
        some: hosts(where: {OR: [{name: "h1"}, {name: "h3"}]}) { name }
      } }`,
      { id: label.id },
      f.token,
    );
    expect(ok.errors).toBeUndefined();
    const names = (k: string) =>
      ok.data.label[k].map((h: { name: string }) => h.name);
    expect(names('all')).toEqual(['h3', 'h2', 'h1']);
    expect(names('page')).toEqual(['h2']);
    expect(names('some').sort()).toEqual(['h1', 'h3']);
  });
});
