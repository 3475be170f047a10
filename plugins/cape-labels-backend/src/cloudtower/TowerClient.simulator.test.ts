import {
  CUTOFF,
  KEYS,
  listAll,
  OLD,
  simulatorEachTest,
} from './__testUtils__/simHelpers';

describe('TowerClient against the CloudTower simulator', () => {
  const t = simulatorEachTest();

  it('pages by id and stays correct while labels are deleted between pages', async () => {
    const made = t.sim.admin.createLabels(
      Array.from({ length: 47 }, (_, i) => ({
        key: KEYS[i % 3],
        value: `c${i}`,
        createdAt: OLD,
      })),
    );
    t.sim.admin.createLabel({
      key: 'cape-managed',
      value: 'true',
      createdAt: OLD,
    });
    t.sim.admin.createLabel({
      key: 'system.cloudtower/x',
      value: 'y',
      createdAt: OLD,
    });
    const sorted = made.map(l => l.id).sort();
    const client = t.connect();
    const seen: string[] = [];
    const deletedAhead = new Set<string>();
    for await (const page of client.listLabelPages(
      { keys: KEYS },
      { pageSize: 10 },
    )) {
      seen.push(...page.map(l => l.id));
      // Delete one label already listed and one not listed yet.
      t.sim.admin.deleteLabel(page[0].id);
      const ahead = sorted.find(
        id => !seen.includes(id) && !deletedAhead.has(id),
      );
      if (ahead) {
        deletedAhead.add(ahead);
        t.sim.admin.deleteLabel(ahead);
      }
    }
    // Each label once; every label not deleted ahead is listed (one deleted ahead may have been
    // on a page already fetched); ids ascend within each key's chain.
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter(id => !deletedAhead.has(id)).sort()).toEqual(
      sorted.filter(id => !deletedAhead.has(id)),
    );
    const keyOf = new Map(made.map(l => [l.id, l.key]));
    for (const key of KEYS) {
      const own = seen.filter(id => keyOf.get(id) === key);
      expect(own).toEqual([...own].sort());
    }
    const listArgs = t.sim.admin
      .requestLog()
      .filter(r => r.rootFields.includes('labels'))
      .map(r => r.args.labels);
    expect(listArgs.every(a => a.first === 10 && a.orderBy === 'id_ASC')).toBe(
      true,
    );
    const cursors = listArgs.flatMap(a => (a.idGt ? [a.idGt] : []));
    expect(cursors.length).toBeGreaterThan(0);
    for (const cursor of cursors) expect(seen).toContain(cursor);
  });

  it('reports live state and deletes only what the guard allows', async () => {
    const mk = (key: string, createdAt = OLD) =>
      t.sim.admin.createLabel({ key, value: 'x', createdAt }).id;
    const [orphan, attached, binned, counted, young, managed, raced] = [
      mk('cape-vip'),
      mk('cape-vip'),
      mk('cape-namespace'),
      mk('cape-vip'),
      mk('cape-vip', new Date().toISOString()),
      mk('cape-managed'),
      mk('cape-cluster-name'),
    ];
    t.sim.admin.createVm({ name: 'vm1', labelIds: [attached] });
    t.sim.admin.createVm({
      name: 'vm2',
      inRecycleBin: true,
      labelIds: [binned],
    });
    t.sim.admin.setCounters(counted, { total_num: 2 });
    const client = t.connect();

    const live = await client.checkLabels([
      orphan,
      attached,
      binned,
      counted,
      raced,
      'missing-id',
    ]);
    const byId = new Map(live.map(s => [s.id, s]));
    expect(byId.size).toBe(5);
    expect(byId.get(orphan)).toEqual({
      id: orphan,
      totalNum: 0,
      referenced: false,
      referencedBy: [],
    });
    expect(byId.get(attached)?.referencedBy).toEqual(['vms']);
    expect(byId.get(binned)?.referencedBy).toEqual(['vms']);
    expect(byId.get(counted)).toEqual({
      id: counted,
      totalNum: 2,
      referenced: false,
      referencedBy: [],
    });

    // Attached after the check: the server-side guard must keep it.
    t.sim.admin.createVm({ name: 'vm3', labelIds: [raced] });
    const all = [orphan, attached, binned, counted, young, managed, raced];
    const count = await client.deleteLabelsGuarded({
      ids: all,
      keys: KEYS,
      createdBefore: CUTOFF,
    });
    expect(count).toBe(1);
    const remaining = await client.readExistingIds([...all, 'missing-id']);
    expect(remaining.sort()).toEqual(all.filter(id => id !== orphan).sort());
    // Once old enough (a later cutoff), the young label goes too.
    await expect(
      client.deleteLabelsGuarded({
        ids: [young],
        keys: KEYS,
        createdBefore: new Date(Date.now() + 1000).toISOString(),
      }),
    ).resolves.toBe(1);
  });

  it('passes keys and values with quotes, unicode and GraphQL syntax through intact', async () => {
    const keys = [
      'cape-vip',
      'we"ird\\key',
      'ключ-ラベル-🚀',
      '}) { id } mutation X { logout } #',
    ];
    const values = ['"quoted"', 'ünïcødé ✓', '$var @include(if: true)', null];
    keys.forEach((key, i) =>
      t.sim.admin.createLabel({ key, value: values[i], createdAt: OLD }),
    );
    const client = t.connect();
    const got = await listAll(client, keys, 2);
    expect(got.map(l => [l.key, l.value]).sort()).toEqual(
      keys.map((k, i) => [k, values[i]]).sort(),
    );
    expect(
      await client.deleteLabelsGuarded({
        ids: got.map(l => l.id),
        keys: keys.slice(1),
        createdBefore: CUTOFF,
      }),
    ).toBe(3);
  });

  it('respects maxInFlight', async () => {
    const ids = t.sim.admin
      .createLabels(
        Array.from({ length: 5 }, () => ({ key: 'cape-vip', createdAt: OLD })),
      )
      .map(l => l.id);
    t.sim.admin.setFaults({ latencyMs: 30 });
    const client = t.connect({ requestsInFlight: 2 });
    await Promise.all(
      Array.from({ length: 10 }, () => client.checkLabels(ids)),
    );
    expect(t.sim.admin.requestCounters().maxInFlight).toBe(2);
  });

  it('processes pages larger than asked without losing or repeating labels', async () => {
    const ids = t.sim.admin
      .createLabels(
        Array.from({ length: 23 }, () => ({ key: 'cape-vip', createdAt: OLD })),
      )
      .map(l => l.id);
    t.sim.admin.setFaults({ pageOverflow: 2 });
    const client = t.connect();
    const got = await listAll(client, KEYS, 5);
    expect(got.map(l => l.id)).toEqual([...ids].sort());
  });
});
