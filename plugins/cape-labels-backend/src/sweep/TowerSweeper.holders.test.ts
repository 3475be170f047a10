import {
  holdersOfRelease,
  type HolderRoot,
  type HolderSection,
} from '@smartx-cape/cloudtower-simulator';
import type { HeldDeletion } from './decide';
import {
  createHarness,
  stoppedAfterEach,
  type Harness,
  type HarnessOptions,
} from './__testUtils__/sweepHarness';

/** Every holder a Tower 4.7 has, one label each; policies' selectors in each of their sections. */
const HELD: Array<{ root: HolderRoot; section?: HolderSection }> = [
  { root: 'securityGroups' },
  { root: 'securityPolicies', section: 'apply_to' },
  { root: 'securityPolicies', section: 'egress' },
  { root: 'isolationPolicies', section: 'ingress' },
  { root: 'virtualPrivateCloudSecurityGroups' },
  { root: 'virtualPrivateCloudSecurityPolicies', section: 'egress' },
  { root: 'businessHosts' },
  { root: 'diskPools' },
];

const TOWER_4_7 = holdersOfRelease('4.7');

/** A label only `root` names (no relation of Label holds it, every counter 0); its id. */
function heldOnlyBy(
  h: Harness,
  root: HolderRoot,
  section?: HolderSection,
): string {
  const id = h.sim.admin.createLabel({
    key: 'cape-cluster-name',
    value: `held-by-${root}-${section ?? ''}`,
    createdAt: h.old(),
  }).id;
  h.sim.admin.createHolder(root, {
    name: `${root}-web`,
    labelIds: [id],
    section,
  });
  return id;
}

const introspectionOff = {
  introspection: false,
} satisfies HarnessOptions['simulator'];

describe('TowerSweeper: labels held where Label cannot see (security groups, VPC policies, business hosts, disk pools)', () => {
  const make = stoppedAfterEach(createHarness);

  it.each([
    ['with introspection', {}],
    ['without introspection (probed)', introspectionOff],
  ])(
    'keeps every label a holder names, %s, naming the holder, and deletes the rest',
    async (_how, simulator) => {
      const h = await make({
        simulator: { holders: TOWER_4_7, ...simulator },
      });
      const held = HELD.map(({ root, section }) =>
        heldOnlyBy(h, root, section),
      );
      const orphans = h.seedOrphans(3, 'cape-vip');
      const run = await h.sweep();
      expect(run.status).toBe('succeeded');
      expect(h.deletedIds()).toEqual([...orphans].sort());
      const outcomes = await h.outcomes(run.id);
      for (const [i, id] of held.entries()) {
        expect(outcomes.find(o => o.labelId === id)).toEqual(
          expect.objectContaining({
            action: 'kept',
            reason: 'referenced',
            relation: HELD[i].root,
            detail: expect.stringContaining(`${HELD[i].root}-web`),
          }),
        );
      }
    },
  );

  it('reads only the holders a Tower 3.x has, every one in one request per page', async () => {
    const h = await make({ sweeper: { pageSize: 40 } });
    const held = heldOnlyBy(h, 'securityGroups');
    for (let i = 0; i < 100; i++)
      h.sim.admin.createHolder('securityPolicies', { labelIds: [] });
    h.seedOrphans(2);
    h.sim.admin.resetLog();
    const run = await h.sweep();
    expect(run.status).toBe('succeeded');
    expect(h.deletedIds()).not.toContain(held);
    const reads = h.sim.admin
      .requestLog()
      .filter(e => e.operationName === 'CapeLabelsHolders');
    // 100 policies in pages of 40: three pages, the first carrying all three roots; read for the
    // batch, then again after its delete.
    const oneRead = [
      ['isolationPolicies', 'securityGroups', 'securityPolicies'],
      ['securityPolicies'],
      ['securityPolicies'],
    ];
    expect(reads.map(e => e.rootFields.sort())).toEqual([
      ...oneRead,
      ...oneRead,
    ]);
  });

  it('sees a holder attached after the first read and before the delete (holdersMaxAge)', async () => {
    const late: { target?: string; sg?: string } = {};
    const h = await make({
      sweeper: { holdersMaxAgeMs: 0 },
      wrapClient: client => ({
        checkLabels: async (ids, signal) => {
          if (!late.sg && late.target)
            late.sg = h.sim.admin.createHolder('securityGroups', {
              name: 'late',
              labelIds: [late.target],
            }).id;
          return client.checkLabels(ids, signal);
        },
      }),
    });
    const orphans = h.seedOrphans(4);
    const target = orphans[2];
    late.target = target;
    const run = await h.sweep();
    expect(late.sg).toBeDefined();
    expect(h.deletedIds()).toEqual(orphans.filter(id => id !== target).sort());
    expect((await h.outcomes(run.id)).find(o => o.labelId === target)).toEqual(
      expect.objectContaining({
        reason: 'referenced',
        relation: 'securityGroups',
      }),
    );
  });

  it('deletes nothing while a holder the Tower has cannot be read, and says which', async () => {
    const h = await make({
      simulator: {
        faults: {
          rules: [
            {
              match: { rootField: 'businessHosts' },
              errorRate: 1,
              errorCode: 'INTERNAL_SERVER_ERROR',
              errorMessage: 'business hosts are unavailable',
            },
          ],
        },
        holders: TOWER_4_7,
      },
    });
    h.seedOrphans(5);
    const run = await h.sweep();
    expect(h.deletedIds()).toEqual([]);
    expect(run.counts.deleted).toBe(0);
    expect(run.status).not.toBe('succeeded');
    expect(run.notes).toContainEqual(
      expect.objectContaining({
        code: 'HOLDER_UNREADABLE',
        params: expect.objectContaining({ holder: 'businessHosts' }),
      }),
    );
  });

  it('reports loudly a label it deleted that a holder then selected: an error note, the hook, with key, value and holder', async () => {
    const reported: HeldDeletion[][] = [];
    const selected: { victim?: string; sg?: string } = {};
    const h = await make({
      sweeper: {
        hooks: {
          onHeldLabelsDeleted: async (_run, deletions) => {
            reported.push([...deletions]);
          },
        },
      },
      wrapClient: client => ({
        deleteLabelsGuarded: async (input, signal) => {
          const count = await client.deleteLabelsGuarded(input, signal);
          const { victim } = selected;
          selected.sg ??= h.sim.admin.createHolder('securityGroups', {
            name: 'web',
          }).id;
          if (victim) h.sim.admin.setHolderLabels(selected.sg, [victim]);
          return count;
        },
      }),
    });
    const orphans = h.seedOrphans(3);
    const victim = orphans[1];
    selected.victim = victim;
    const sg = () => selected.sg;
    const run = await h.sweep();
    expect(h.deletedIds()).toContain(victim);
    const params = {
      labelId: victim,
      key: 'cape-cluster-name',
      value: 'cape-cluster-name-1',
      holder: `securityGroups web (${sg()})`,
    };
    expect(run.notes).toContainEqual(
      expect.objectContaining({ code: 'HELD_LABEL_DELETED', params }),
    );
    expect(reported).toEqual([
      [
        {
          labelId: victim,
          key: 'cape-cluster-name',
          value: 'cape-cluster-name-1',
          holder: { kind: 'securityGroups', id: sg(), name: 'web' },
        },
      ],
    ]);
  });
});
