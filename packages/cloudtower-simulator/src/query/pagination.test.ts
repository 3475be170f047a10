import { clock, FIXTURE, gql, login } from '../testing';
import { RunningSimulator, startSimulator } from '../http';

describe('ordering and pagination', () => {
  let sim: RunningSimulator;
  let token: string;
  let ids: string[];

  beforeAll(async () => {
    sim = await startSimulator({ scenario: FIXTURE, clock });
    token = await login(sim.url);
    ids = sim.admin.labels().map(l => l.id);
  });
  afterAll(() => sim.stop());
  const ask = (query: string) => gql(sim.url, query, undefined, token);

  async function page(args: string): Promise<number[]> {
    const r = await ask(`{ labels(${args}) { id } }`);
    expect(r.errors).toBeUndefined();
    return r.data.labels.map((l: { id: string }) => ids.indexOf(l.id));
  }

  it.each([
    ['orderBy: id_ASC', [0, 1, 2, 3, 4, 5, 6, 7]],
    ['orderBy: id_DESC', [7, 6, 5, 4, 3, 2, 1, 0]],
    ['orderBy: key_ASC', [0, 1, 7, 4, 2, 3, 6, 5]],
    ['orderBy: key_DESC', [5, 6, 3, 2, 4, 7, 1, 0]],
    ['orderBy: value_ASC', [5, 3, 0, 7, 1, 2, 6, 4]],
    ['orderBy: createdAt_DESC', [7, 2, 5, 6, 1, 0, 3, 4]],
    ['orderBy: createdAt_ASC', [4, 3, 0, 1, 6, 5, 2, 7]],
    ['orderBy: total_num_DESC', [4, 7, 5, 3, 0, 2, 1, 6]],
    ['orderBy: vm_num_ASC', [6, 1, 2, 5, 0, 3, 7, 4]],
    ['first: 3', [0, 1, 2]],
    ['first: 0', []],
    ['skip: 6', [6, 7]],
    ['first: 2, skip: 3', [3, 4]],
    ['last: 2', [6, 7]],
    ['last: 2, skip: 1', [5, 6]],
    ['orderBy: id_DESC, first: 2', [7, 6]],
    ['orderBy: id_DESC, last: 2', [1, 0]],
    ['orderBy: createdAt_DESC, first: 3, skip: 1', [2, 5, 6]],
  ])('labels(%s)', async (args, expected) => {
    expect(await page(args)).toEqual(expected);
  });

  it('pages with after / before cursors (cursor = id)', async () => {
    expect(await page(`after: "${ids[2]}", first: 2`)).toEqual([3, 4]);
    expect(await page(`before: "${ids[2]}"`)).toEqual([0, 1]);
    expect(await page(`after: "${ids[1]}", before: "${ids[4]}"`)).toEqual([
      2, 3,
    ]);
    expect(await page(`orderBy: id_DESC, after: "${ids[2]}"`)).toEqual([1, 0]);
    expect(
      await page(`orderBy: createdAt_DESC, after: "${ids[5]}", first: 2`),
    ).toEqual([6, 1]);
    expect(await page(`before: "${ids[6]}", last: 2`)).toEqual([4, 5]);
  });

  it('answers connections with aggregate count, edges and pageInfo', async () => {
    const r =
      await ask(`{ labelsConnection(where: {key_starts_with: "cape-"}, first: 2, after: "${ids[0]}") {
          aggregate { count } edges { cursor node { id key } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } }
         vmsConnection(where: {in_recycle_bin: false}, first: 1) { aggregate { count } edges { node { name } } pageInfo { hasNextPage } } }`);
    expect(r.errors).toBeUndefined();
    const c = r.data.labelsConnection;
    expect(c.aggregate.count).toBe(6);
    expect(c.edges.map((e: { cursor: string }) => e.cursor)).toEqual([
      ids[1],
      ids[2],
    ]);
    expect(c.edges[0].node).toEqual({ id: ids[1], key: 'cape-cluster-name' });
    expect(c.pageInfo).toEqual({
      hasNextPage: true,
      hasPreviousPage: true,
      startCursor: ids[1],
      endCursor: ids[2],
    });
    expect(r.data.vmsConnection).toEqual({
      aggregate: { count: 3 },
      edges: [{ node: { name: 'vm-a' } }],
      pageInfo: { hasNextPage: true },
    });
  });

  it('rejects negative first', async () => {
    const r = await ask(
      '{ labelsConnection(first: -1) { aggregate { count } } }',
    );
    expect(r.errors?.[0].code).toBe('INVALID_INPUT');
  });
});

describe('keyset pagination while deleting', () => {
  it('sees every surviving label exactly once', async () => {
    const sim = await startSimulator({ scenario: 'large:3000' });
    try {
      const token = await login(sim.url);
      const keys = ['cape-cluster-name', 'cape-namespace', 'cape-vip'];
      const before = sim.admin.labels().filter(l => keys.includes(l.key));
      // Every third matching label is deleted by a concurrent client, in random-ish order.
      const victims = before
        .filter((_, i) => i % 3 === 1)
        .map(l => l.id)
        .reverse();
      const seen: string[] = [];
      let after = '';
      const deleteErrors: unknown[] = [];
      let deleting = Promise.resolve();
      for (;;) {
        const r = await gql(
          sim.url,
          'query($k: [String!], $a: ID) { labels(where: {AND: [{key_in: $k}, {id_gt: $a}]}, orderBy: id_ASC, first: 50) { id } }',
          { k: keys, a: after },
          token,
        );
        expect(r.errors).toBeUndefined();
        const got: string[] = r.data.labels.map((l: { id: string }) => l.id);
        seen.push(...got);
        const batch = victims.splice(0, 60);
        deleting = deleting.then(async () => {
          const d = await gql(
            sim.url,
            'mutation($ids: [ID!]) { deleteManyLabels(where: {id_in: $ids}) { count } }',
            { ids: batch },
            token,
          );
          if (d.errors) deleteErrors.push(d.errors);
        });
        if (got.length < 50) break;
        after = got[got.length - 1];
      }
      await deleting;
      expect(deleteErrors).toEqual([]);
      expect(sim.admin.deletedLabels().length).toBeGreaterThan(300);
      const survivors = new Set(
        sim.admin
          .labels()
          .filter(l => keys.includes(l.key))
          .map(l => l.id),
      );
      expect(new Set(seen).size).toBe(seen.length);
      const seenSet = new Set(seen);
      expect([...survivors].filter(id => !seenSet.has(id))).toEqual([]);
      expect([...seen].sort()).toEqual(seen);
    } finally {
      await sim.stop();
    }
  });
});
