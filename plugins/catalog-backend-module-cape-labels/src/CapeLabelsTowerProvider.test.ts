import { mockServices } from '@backstage/backend-test-utils';
import { ConfigSources, MutableConfigSource } from '@backstage/config-loader';
import type { JsonObject } from '@backstage/types';
import { stringifyEntityRef } from '@backstage/catalog-model';
import { towerEntityRef } from '@smartx-cape/plugin-cape-labels-common';
import type {
  EntityProviderConnection,
  EntityProviderMutation,
} from '@backstage/plugin-catalog-node';
import { CapeLabelsTowerProvider } from './CapeLabelsTowerProvider';

const tower = (over: JsonObject = {}) => ({
  server: 'https://tower-a.example.com:8443/',
  username: 'gc',
  password: 'secret-pw',
  ...over,
});

/** The provider on a config that tests can change, as Backstage's config reloading does. */
async function setup(capeLabels: JsonObject) {
  const source = MutableConfigSource.create({ data: { capeLabels } });
  const config = await ConfigSources.toConfig(source);
  const mutations: EntityProviderMutation[] = [];
  const connection: EntityProviderConnection = {
    applyMutation: async mutation => {
      mutations.push(mutation);
    },
    refresh: async () => {},
  };
  const provider = new CapeLabelsTowerProvider(
    config,
    mockServices.logger.mock(),
  );
  await provider.connect(connection);
  /** Sets new config and waits for the provider's next mutation. */
  const reload = async (next: JsonObject) => {
    const count = mutations.length;
    source.setData({ capeLabels: next });
    for (let i = 0; i < 100 && mutations.length === count; i++)
      await new Promise(r => setTimeout(r, 10));
  };
  return { mutations, reload, close: () => config.close() };
}

const names = (mutation: EntityProviderMutation) =>
  mutation.type === 'full'
    ? mutation.entities.map(e => e.entity.metadata.name)
    : [];

describe('CapeLabelsTowerProvider', () => {
  it('emits every configured Tower as a cloudtower Resource', async () => {
    const t = await setup({
      towers: {
        'prod-a': tower({ title: 'Production A', owner: 'platform-team' }),
        lab: tower({ server: 'http://10.0.0.5' }),
      },
    });
    try {
      expect(t.mutations).toHaveLength(1);
      const [mutation] = t.mutations;
      expect(mutation.type).toBe('full');
      expect(names(mutation)).toEqual(['lab', 'prod-a']);
      const entities = mutation.type === 'full' ? mutation.entities : [];
      expect(stringifyEntityRef(entities[1].entity)).toBe(
        towerEntityRef('prod-a'),
      );
      expect(entities[1].entity).toEqual({
        apiVersion: 'backstage.io/v1alpha1',
        kind: 'Resource',
        metadata: {
          name: 'prod-a',
          namespace: 'default',
          title: 'Production A',
          description: expect.any(String),
          annotations: {
            'cape-labels/tower-id': 'prod-a',
            'backstage.io/managed-by-location':
              'cape-labels-config:capeLabels.towers',
            'backstage.io/managed-by-origin-location':
              'cape-labels-config:capeLabels.towers',
          },
        },
        spec: { type: 'cloudtower', owner: 'group:default/platform-team' },
      });
      expect(entities[0].entity.spec?.owner).toBe('resource:default/lab');
      expect(JSON.stringify(t.mutations)).not.toContain('secret-pw');
      expect(JSON.stringify(t.mutations)).not.toContain('tower-a.example.com');
      expect(JSON.stringify(t.mutations)).not.toContain('10.0.0.5');
    } finally {
      t.close();
    }
  });

  it('links each entity to its Tower only with capeLabels.catalog.linkTowers', async () => {
    const t = await setup({
      catalog: { linkTowers: true },
      towers: { 'prod-a': tower() },
    });
    try {
      const [mutation] = t.mutations;
      const entity =
        mutation.type === 'full' ? mutation.entities[0].entity : undefined;
      expect(entity?.metadata.links).toEqual([
        {
          url: 'https://tower-a.example.com:8443',
          title: 'CloudTower web UI',
          icon: 'web',
        },
      ]);
    } finally {
      t.close();
    }
  });

  it('replaces its entities on every config change: added, retitled, removed', async () => {
    const t = await setup({ towers: { a: tower(), b: tower() } });
    try {
      await t.reload({ towers: { b: tower({ title: 'Bee' }), c: tower() } });
      expect(t.mutations).toHaveLength(2);
      expect(names(t.mutations[1])).toEqual(['b', 'c']);
      const second = t.mutations[1];
      expect(
        second.type === 'full' && second.entities[0].entity.metadata.title,
      ).toBe('Bee');

      await t.reload({});
      expect(t.mutations).toHaveLength(3);
      expect(t.mutations[2]).toEqual({ type: 'full', entities: [] });
    } finally {
      t.close();
    }
  });

  it('keeps its entities when the new config is invalid', async () => {
    const t = await setup({ towers: { a: tower() } });
    try {
      await t.reload({ towers: { a: tower({ owner: 'group:x/y/z' }) } });
      await t.reload({ towers: { a: tower(), d: tower() } });
      // The invalid config produced no mutation; the valid one after it did.
      expect(t.mutations.map(names)).toEqual([['a'], ['a', 'd']]);
    } finally {
      t.close();
    }
  });

  it('leaves out Towers whose id is too long for an entity name', async () => {
    const t = await setup({
      towers: { ['x'.repeat(64)]: tower(), ok: tower() },
    });
    try {
      expect(names(t.mutations[0])).toEqual(['ok']);
    } finally {
      t.close();
    }
  });
});
