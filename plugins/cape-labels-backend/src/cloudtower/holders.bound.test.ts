import { HolderUnreadableError, LabelHolderReader } from './holders';
import type { TowerSession } from './session';
import type { Vars } from './types';

/**
 * A session to a Tower with two holders of their own labels, `counts[root]` objects each: it
 * answers the reader's documents as Tower would, without a server (a page here is many MB).
 */
function towerWithHolders(counts: Record<string, number>): TowerSession {
  const answer = (document: string, variables: Vars) => {
    if (document.includes('CapeLabelsHolderTypes')) {
      const data: Vars = {
        t0: { fields: Object.keys(counts).map(name => ({ name })) },
      };
      const types = /t(\d+): __type\(name: "(?:BusinessHost|DiskPool)"\)/g;
      for (const [, index] of document.matchAll(types))
        data[`t${index}`] = { fields: [{ name: 'labels' }] };
      return data;
    }
    const roots = [...document.matchAll(/h(\d+): (\w+)\(/g)];
    return Object.fromEntries(
      roots.map(([, index, root]) => {
        const first = Number(variables[`f${index}`]);
        const after = variables[`a${index}`];
        const start = typeof after === 'string' ? Number(after.slice(2)) : 0;
        const end = Math.min(counts[root] ?? 0, start + first);
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
  };
  const session: Pick<TowerSession, 'towerId' | 'request'> = {
    towerId: 'stub',
    request: async (_operation, document, variables, parse) =>
      parse(answer(document, variables)),
  };
  return session as TowerSession;
}

describe('LabelHolderReader: how many holder objects one read believes', () => {
  it('counts the objects of every holder read, also of one whose listing ended in an earlier round', async () => {
    // Every round stays under the bound, and so does each holder alone; together they pass it.
    const reader = new LabelHolderReader(
      towerWithHolders({ businessHosts: 399_999, diskPools: 700_000 }),
    );
    const error = await reader.read(400_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HolderUnreadableError);
    expect((error as Error).message).toContain(
      'more than 1000000 objects hold labels',
    );
  }, 60_000);

  it('believes a read under the bound', async () => {
    const reader = new LabelHolderReader(
      towerWithHolders({ businessHosts: 3, diskPools: 5 }),
    );
    const held = await reader.read(2);
    expect(held.kinds).toEqual(['businessHosts', 'diskPools']);
  });
});
