import {
  KEYS,
  listAll,
  OLD,
  simulatorEachTest,
} from './__testUtils__/simHelpers';

const PER_KEY = [25, 7, 0];

describe('TowerClient listing in parallel chains (simulator)', () => {
  const t = simulatorEachTest();
  beforeEach(() => {
    KEYS.forEach((key, k) => {
      for (let i = 0; i < PER_KEY[k]; i++)
        t.sim.admin.createLabel({ key, value: `v${i}`, createdAt: OLD });
    });
    t.sim.admin.createLabel({ key: 'other', value: 'x', createdAt: OLD });
  });

  const listRequests = () =>
    t.sim.admin.requestLog().filter(r => r.rootFields.includes('labels'));

  it('lists each swept key in its own keyset chain, every label once', async () => {
    const client = t.connect();
    const labels = await listAll(client, KEYS, 10);
    const ids = labels.map(l => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(25 + 7);
    KEYS.forEach((key, k) =>
      expect(labels.filter(l => l.key === key)).toHaveLength(PER_KEY[k]),
    );

    const requests = listRequests();
    for (const key of KEYS) {
      const chain = requests
        .map(r => r.args.labels)
        .filter(a => a.keyIn?.length === 1 && a.keyIn[0] === key);
      const cursors = chain.map(a => a.idGt ?? '');
      expect(cursors).toEqual([...cursors].sort());
      expect(new Set(cursors).size).toBe(cursors.length);
    }
    // 3 + 1 + 1 pages: the minimum for 10-row pages, one chain per key.
    expect(requests).toHaveLength(5);
  });

  it('never has more requests in flight than maxInFlight, and does overlap chains', async () => {
    t.sim.admin.setFaults({ latencyMs: 15 });
    const client = t.connect({ requestsInFlight: 2 });
    const labels = await listAll(client, KEYS, 2);
    expect(labels).toHaveLength(32);
    const counters = t.sim.admin.requestCounters();
    expect(counters.maxInFlight).toBe(2);
  });
});
