import { HolderUnreadableError } from './holders';
import { createTowerClient } from './TowerClient';
import { opts, withLogin } from './__testUtils__/clientHelpers';
import { startRawServer, type RawServer } from './__testUtils__/rawServer';

/** A Tower with two holders of its own labels, each listing `counts[root]` objects. */
function towerWithHolders(counts: Record<string, number>, pageSize: number) {
  const introspection = {
    t0: { fields: Object.keys(counts).map(name => ({ name })) },
    t1: { fields: [{ name: 'labels' }] },
    t2: { fields: [{ name: 'labels' }] },
  };
  return withLogin(req => {
    if (req.operationName === 'CapeLabelsHolderTypes') {
      // Which `tN` is which type depends on the built-in list's order: name the two by their fields.
      const types = /t(\d+): __type\(name: "(BusinessHost|DiskPool)"\)/g;
      const data: Record<string, unknown> = { t0: introspection.t0 };
      for (const [, index] of req.query.matchAll(types))
        data[`t${index}`] = introspection.t1;
      return { json: { data } };
    }
    const roots = [...req.query.matchAll(/h(\d+): (\w+)\(/g)];
    const data = Object.fromEntries(
      roots.map(([, index, root]) => {
        const after = req.variables[`a${index}`];
        const start = typeof after === 'string' ? Number(after.slice(2)) : 0;
        const end = Math.min(counts[root] ?? 0, start + pageSize);
        const rows = Array.from(
          { length: Math.max(0, end - start) },
          (_, i) => ({
            id: `${root[0]}-${String(start + i + 1).padStart(7, '0')}`,
            name: null,
            labels: [],
          }),
        );
        return [`h${index}`, rows];
      }),
    );
    return { json: { data } };
  });
}

describe('TowerClient: how many holder objects one read believes', () => {
  let server: RawServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('counts the objects of every holder read, also of one whose listing ended in an earlier round', async () => {
    // Every round stays under the bound, and so does each holder alone; together they pass it.
    const pageSize = 400_000;
    server = await startRawServer(
      towerWithHolders(
        { businessHosts: 399_999, diskPools: 700_000 },
        pageSize,
      ),
    );
    const client = createTowerClient(
      opts(server.url, {
        maxResponseBytes: 64 * 1024 * 1024,
        requestTimeoutMs: 60_000,
      }),
    );
    const error = await client
      .readHeldLabels({ pageSize })
      .catch((e: unknown) => e);
    await client.close();
    expect(error).toBeInstanceOf(HolderUnreadableError);
    expect((error as Error).message).toContain(
      'more than 1000000 objects hold labels',
    );
  }, 120_000);
});
