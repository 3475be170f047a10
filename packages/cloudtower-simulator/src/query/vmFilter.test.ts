import { fixtureSimulator, gql } from '../testing';

describe('filters on VMs and nested fields', () => {
  const f = fixtureSimulator();

  const vmCases: [string, (v: Record<string, string>) => unknown, string[]][] =
    [
      ['{}', () => ({}), ['vm-a', 'vm-b', 'vm-r', 'vm-empty']],
      ['in_recycle_bin', () => ({ in_recycle_bin: true }), ['vm-r']],
      ['name', () => ({ name: 'vm-a' }), ['vm-a']],
      ['name_contains', () => ({ name_contains: '-b' }), ['vm-b']],
      ['name_starts_with', () => ({ name_starts_with: 'vm-e' }), ['vm-empty']],
      [
        'id / id_in',
        v => ({ OR: [{ id: v['vm-a'] }, { id_in: [v['vm-r']] }] }),
        ['vm-a', 'vm-r'],
      ],
      [
        'labels_some',
        () => ({ labels_some: { key: 'cape-managed' } }),
        ['vm-a', 'vm-b'],
      ],
      ['labels_none {}', () => ({ labels_none: {} }), ['vm-empty']],
      [
        'labels_every',
        () => ({ labels_every: { key: 'cape-vip' } }),
        ['vm-r', 'vm-empty'],
      ],
      [
        'NOT',
        () => ({ NOT: [{ in_recycle_bin: true }] }),
        ['vm-a', 'vm-b', 'vm-empty'],
      ],
    ];

  it.each(vmCases)('vms where %s', async (_name, where, expected) => {
    const r = await gql(
      f.sim.url,
      'query($w: VmWhereInput) { vms(where: $w) { name } }',
      { w: where(f.vmIds) },
      f.token,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data.vms.map((v: { name: string }) => v.name)).toEqual(expected);
  });

  it('resolves nested Label.vms and Vm.labels with arguments', async () => {
    const r = await gql(
      f.sim.url,
      `query($id: ID) {
        label(where: {id: $id}) { key vms(first: 1, orderBy: name_DESC) { name } all: vms { name in_recycle_bin } }
        vm(where: {id: "${f.vmIds['vm-a']}"}) { labels(where: {key_starts_with: "cape-cluster"}) { value } }
      }`,
      { id: f.labelIds[4] },
      f.token,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data.label.vms).toEqual([{ name: 'vm-b' }]);
    expect(r.data.label.all).toHaveLength(2);
    expect(r.data.vm.labels).toEqual([{ value: 'alpha' }]);
  });

  it('pages Label.vms of a label without VMs as of one with VMs, bad arguments included', async () => {
    const page = (labelId: string, args: string) =>
      gql(
        f.sim.url,
        `query($id: ID) { label(where: {id: $id}) { vms(${args}) { name } } }`,
        { id: labelId },
        f.token,
      );
    const [withoutVms, withVms] = [f.labelIds[1], f.labelIds[4]];
    for (const args of ['first: -1', 'skip: -1']) {
      const [a, b] = [await page(withoutVms, args), await page(withVms, args)];
      expect(a.errors?.[0]?.message).toMatch(/must not be negative/);
      expect(a.errors?.[0]?.message).toBe(b.errors?.[0]?.message);
    }
    for (const args of [
      'first: 1',
      'first: 2, skip: 1',
      `after: "${f.vmIds['vm-a']}", first: 1`,
      'after: "no-such-vm"',
      'where: {name: "vm-a"}',
      'orderBy: name_DESC',
    ]) {
      const r = await page(withoutVms, args);
      expect(r.errors).toBeUndefined();
      expect(r.data.label.vms).toEqual([]);
    }
    const badOrder = await page(withoutVms, 'orderBy: nope_ASC');
    expect(badOrder.errors?.[0]?.message).toBeDefined();
  });
});
