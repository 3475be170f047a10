import { permissionsServiceFactory } from '@backstage/backend-defaults/permissions';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
  TestDatabases,
} from '@backstage/backend-test-utils';
import catalogPlugin from '@backstage/plugin-catalog-backend';
import permissionBackend from '@backstage/plugin-permission-backend';
import catalogModuleCapeLabelsTowers from '@smartx-cape/plugin-catalog-backend-module-cape-labels';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { actorAuthFactory } from './__testUtils__/actorAuth';
import portalPolicy from './portalPolicy';

const ALICE = 'user:default/alice'; // owns t-a
const CAROL = 'user:default/carol'; // notified about t-b
const BOB = 'user:default/bob'; // neither

const tower = (extra: object) => ({
  server: 'https://tower.example.com',
  username: 'gc',
  password: 'secret-pw',
  ...extra,
});

it('is the policy docs/install-extras.md installs, as written there', () => {
  const docs = fs.readFileSync(
    path.resolve(__dirname, '../../../docs/install-extras.md'),
    'utf8',
  );
  const [, block] =
    /<!-- test:install step=policy [^>]*-->\n\n```ts\n([\s\S]*?)\n```/.exec(
      docs,
    )!;
  expect(block).toBe(
    fs.readFileSync(path.join(__dirname, 'portalPolicy.ts'), 'utf8').trimEnd(),
  );
});

describe("the documented policy in the real catalog: a Tower's entity is seen by those who may read the Tower", () => {
  const databases = TestDatabases.create({ ids: ['SQLITE_3'] });
  let backend: Awaited<ReturnType<typeof startTestBackend>>;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-policy-'));
    const component = path.join(dir, 'component.yaml');
    fs.writeFileSync(
      component,
      'apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: { name: shop }\nspec: { type: service, lifecycle: production, owner: group:default/team-a }\n',
    );
    backend = await startTestBackend({
      features: [
        mockServices.database.factory({
          knex: await databases.init('SQLITE_3'),
        }),
        mockServices.rootConfig.factory({
          data: {
            permission: { enabled: true },
            catalog: {
              processingInterval: { seconds: 1 },
              locations: [{ type: 'file', target: component }],
            },
            capeLabels: {
              towers: {
                't-a': tower({ owner: ALICE }),
                't-b': tower({
                  owner: 'group:default/team-b',
                  notify: [CAROL],
                }),
                't-c': tower({}),
              },
            },
          },
        }),
        actorAuthFactory,
        permissionsServiceFactory,
        permissionBackend,
        portalPolicy,
        catalogPlugin,
        catalogModuleCapeLabelsTowers,
      ],
    });
    // A service is decided by its access restrictions, not the policy: it sees every entity.
    for (let i = 0; i < 150 && (await names()).length < 4; i++)
      await new Promise(r => setTimeout(r, 200));
  }, 60_000);

  afterAll(async () => {
    await backend?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const as = (user?: string) =>
    user ? mockCredentials.user.header(user) : mockCredentials.service.header();
  async function names(user?: string): Promise<string[]> {
    const res = await request(backend.server)
      .get('/api/catalog/entities?filter=kind=resource&filter=kind=component')
      .set('Authorization', as(user));
    if (!Array.isArray(res.body)) throw new Error(`${res.status} ${res.text}`);
    return ((res.body ?? []) as Array<{ metadata: { name: string } }>)
      .map(e => e.metadata.name)
      .sort();
  }
  const byName = (user: string, name: string) =>
    request(backend.server)
      .get(`/api/catalog/entities/by-name/resource/default/${name}`)
      .set('Authorization', as(user));

  it('shows every entity to a service, the catalog as written', async () => {
    expect(await names()).toEqual(['shop', 't-a', 't-b', 't-c']);
  });

  it('shows each user the Towers it may read and every other entity', async () => {
    expect(await names(ALICE)).toEqual(['shop', 't-a']);
    expect(await names(CAROL)).toEqual(['shop', 't-b']);
    expect(await names(BOB)).toEqual(['shop']);
  });

  it('answers a hidden Tower entity as a missing one', async () => {
    const hidden = await byName(ALICE, 't-b');
    const missing = await byName(ALICE, 'no-such');
    expect([hidden.status, missing.status]).toEqual([404, 404]);
    await byName(CAROL, 't-b').expect(200);
  });
});
