import {
  coreServices,
  createServiceFactory,
} from '@backstage/backend-plugin-api';
import {
  mockServices,
  startTestBackend,
  TestDatabases,
} from '@backstage/backend-test-utils';
import { ConfigSources, MutableConfigSource } from '@backstage/config-loader';
import type { Entity } from '@backstage/catalog-model';
import catalogPlugin from '@backstage/plugin-catalog-backend';
import type { JsonObject } from '@backstage/types';
import request from 'supertest';
import catalogModuleCapeLabelsTowers from '.';

const tower = (title: string) => ({
  title,
  server: 'https://tower.example.com',
  username: 'gc',
  password: 'secret-pw',
});

const catalogData = (towers: JsonObject): JsonObject => ({
  catalog: { processingInterval: { seconds: 1 } },
  capeLabels: { towers },
});

/** Polls the catalog's entity list until `done` holds (the catalog processes asynchronously). */
async function waitForTowers(
  server: Parameters<typeof request>[0],
  done: (entities: Entity[]) => boolean,
): Promise<Entity[]> {
  let entities: Entity[] = [];
  for (let i = 0; i < 150; i++) {
    const res = await request(server).get(
      '/api/catalog/entities/by-query?filter=spec.type=cloudtower',
    );
    entities = res.body.items ?? [];
    if (done(entities)) return entities;
    await new Promise(r => setTimeout(r, 200));
  }
  return entities;
}

describe('catalogModuleCapeLabelsTowers in the real catalog backend', () => {
  // The catalog's knex pool outlives backend.stop(); TestDatabases destroys it after the tests
  // (with the default database service its reaping interval kept the worker alive).
  const databases = TestDatabases.create({ ids: ['SQLITE_3'] });

  it('puts the Towers in the catalog and follows config reloads', async () => {
    const source = MutableConfigSource.create({
      data: catalogData({ 'prod-a': tower('Production A'), lab: tower('Lab') }),
    });
    const config = await ConfigSources.toConfig(source);
    const knex = await databases.init('SQLITE_3');
    const backend = await startTestBackend({
      features: [
        mockServices.database.factory({ knex }),
        catalogPlugin,
        catalogModuleCapeLabelsTowers,
        createServiceFactory({
          service: coreServices.rootConfig,
          deps: {},
          factory: () => config,
        }),
      ],
    });
    try {
      const first = await waitForTowers(backend.server, e => e.length === 2);
      expect(first.map(e => e.metadata.name).sort()).toEqual(['lab', 'prod-a']);
      const prodA = first.find(e => e.metadata.name === 'prod-a')!;
      expect(prodA).toMatchObject({
        kind: 'Resource',
        metadata: {
          title: 'Production A',
          annotations: { 'cape-labels/tower-id': 'prod-a' },
        },
        spec: { type: 'cloudtower', owner: 'resource:default/prod-a' },
      });
      expect(prodA.relations).toEqual(
        expect.arrayContaining([
          { type: 'ownedBy', targetRef: 'resource:default/prod-a' },
        ]),
      );

      source.setData(catalogData({ lab: tower('Lab') }));
      const after = await waitForTowers(backend.server, e => e.length === 1);
      expect(after.map(e => e.metadata.name)).toEqual(['lab']);
    } finally {
      await backend.stop();
      config.close();
    }
  }, 60_000);
});
