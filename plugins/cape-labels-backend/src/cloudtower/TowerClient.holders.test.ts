import {
  holdersOfRelease,
  startSimulator,
  type RunningSimulator,
  type SimulatorOptions,
} from '@smartx-cape/cloudtower-simulator';
import { HolderUnreadableError } from './holders';
import { createTowerClient, type TowerClient } from './TowerClient';
import { opts, users } from './__testUtils__/simHelpers';

describe('TowerClient: the labels held where Label cannot see', () => {
  const started: Array<{ sim: RunningSimulator; client: TowerClient }> = [];
  afterEach(async () => {
    for (const { sim, client } of started.splice(0)) {
      await client.close();
      await sim.stop();
    }
  });
  async function tower(options: SimulatorOptions) {
    const sim = await startSimulator({ users, ...options });
    const client = createTowerClient(opts(sim));
    started.push({ sim, client });
    return { sim, client };
  }

  it.each([true, false])(
    'reads every holder a Tower 4.7 has, the ids of deleted labels included (introspection %s)',
    async introspection => {
      const { sim, client } = await tower({
        introspection,
        holders: holdersOfRelease('4.7'),
      });
      const [a, b] = sim.admin.createLabels([
        { key: 'cape-vip', value: 'a' },
        { key: 'cape-vip', value: 'b' },
      ]);
      const sg = sim.admin.createHolder('securityGroups', {
        name: 'web',
        labelIds: [a.id],
      });
      const pool = sim.admin.createHolder('diskPools', { labelIds: [b.id] });
      sim.admin.deleteLabel(a.id);
      const held = await client.readHeldLabels({ pageSize: 10 });
      expect(held.kinds).toEqual(holdersOfRelease('4.7'));
      expect(Object.fromEntries(held.byLabel)).toEqual({
        [a.id]: { kind: 'securityGroups', id: sg.id, name: 'web' },
        [b.id]: { kind: 'diskPools', id: pool.id, name: pool.name },
      });
    },
  );

  it('without introspection: a holder refused naming its root on Query is absent; one refused otherwise is unreadable, and named', async () => {
    const { client, sim } = await tower({
      introspection: false,
      faults: {
        rules: [
          {
            match: { rootField: 'securityGroups' },
            errorRate: 1,
            errorCode: 'GRAPHQL_VALIDATION_FAILED',
            errorMessage:
              'Cannot query field "label_ids" on type "LabelGroup".',
          },
        ],
      },
    });
    const error = await client
      .readHeldLabels({ pageSize: 10 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HolderUnreadableError);
    expect((error as HolderUnreadableError).holder).toBe('securityGroups');
    // Without the fault, a new client finds the three holders of Tower 3.x (the 4.x ones absent).
    sim.admin.clearFaults();
    const again = createTowerClient(opts(sim));
    const held = await again.readHeldLabels({ pageSize: 10 });
    await again.close();
    expect(held.kinds).toEqual(holdersOfRelease('3.0'));
  });
});
