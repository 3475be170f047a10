import type { JsonObject } from '@backstage/types';
import type { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import { until } from '../__testUtils__/until';
import { asUser } from '../service/__testUtils__/permissionBackend';
import {
  ALICE,
  CAROL,
  PLATFORM,
  teamPermissionsWorld,
} from '../service/__testUtils__/teamPolicy';
import {
  startCapeBackend,
  type CapeBackend,
} from '../service/__testUtils__/testBackend';

/** The team world's config with Tower t-a's block changed. */
function withTowerA(
  world: ReturnType<typeof teamPermissionsWorld>,
  change: JsonObject,
) {
  return (url: string) => {
    const config = world.capeLabels!(url)!;
    const towers = config.towers as Record<string, JsonObject>;
    return {
      ...config,
      towers: { ...towers, 't-a': { ...towers['t-a'], ...change } },
    };
  };
}

async function readable(b: CapeBackend, user: string): Promise<string[]> {
  const res = await b.get('/towers', asUser(user));
  return ((res.body.items ?? []) as TowerSummary[]).map(t => t.id);
}

describe('Tower owners and recipients follow config reloads', () => {
  it('answers and decides by the new owner without a restart, and keeps the old ones when the new config is invalid', async () => {
    const world = teamPermissionsWorld();
    const b = await startCapeBackend(world);
    try {
      expect(await readable(b, ALICE)).toEqual(['t-a']);
      expect(await readable(b, CAROL)).toEqual(['t-b']);

      b.reloadCapeLabels(
        withTowerA(world, {
          owner: 'group:default/team-c',
          notify: ['user:default/dave'],
        }),
      );
      expect(
        await until(
          () => readable(b, CAROL),
          ids => ids.includes('t-a'),
        ),
      ).toEqual(['t-a', 't-b']);
      await b.get('/towers', asUser(ALICE)).expect(403);
      const { body } = await b.get('/towers', asUser(PLATFORM)).expect(200);
      const towerA = (body.items as TowerSummary[]).find(t => t.id === 't-a');
      expect([towerA?.owner, towerA?.notify]).toEqual([
        'group:default/team-c',
        ['user:default/dave'],
      ]);

      b.reloadCapeLabels(withTowerA(world, { owner: 'not a ref!' }));
      await until(
        async () => b.logs.join('\n'),
        logs => logs.includes('capeLabels.towers.t-a.owner'),
      );
      expect(b.logs.join('\n')).toMatch(
        /every Tower keeps its previous ones: capeLabels\.towers\.t-a\.owner/,
      );
      expect(await readable(b, CAROL)).toEqual(['t-a', 't-b']);
    } finally {
      await b.stop();
    }
  }, 60_000);
});
