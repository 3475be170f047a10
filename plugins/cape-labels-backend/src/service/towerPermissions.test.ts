import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  capeLabelsSweepRunPermission,
  type TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import { asUser } from './__testUtils__/permissionBackend';
import {
  ALICE,
  CAROL,
  DAVE,
  NOBODY,
  PLATFORM,
  teamPermissionsWorld,
} from './__testUtils__/teamPolicy';
import { backendForDescribe } from './__testUtils__/testBackend';

describe('per-Tower permissions through the permission backend', () => {
  const b = backendForDescribe(teamPermissionsWorld());
  const towerIds = async (user: string) =>
    (
      (await b.get('/towers', asUser(user)).expect(200)).body
        .items as TowerSummary[]
    ).map(t => t.id);
  const sweep = (user: string, towerId: string) =>
    b.postSweep(towerId, { dryRun: true }, asUser(user));
  /** A run of t-b, made by the platform team. */
  let towerBRun = '';

  beforeAll(async () => {
    await sweep(PLATFORM, 't-b').expect(202);
    towerBRun = (await b.get('/towers/t-b/runs', asUser(PLATFORM))).body
      .items[0].id;
  });

  it('lists only the Towers the caller may read: ALLOW, CONDITIONAL (owner, notify), DENY', async () => {
    expect(await towerIds(PLATFORM)).toEqual(['t-a', 't-b']);
    expect(await towerIds(ALICE)).toEqual(['t-a']);
    expect(await towerIds(CAROL)).toEqual(['t-b']);
    expect(await towerIds(DAVE)).toEqual(['t-a', 't-b']);
    const denied = await b.get('/towers', asUser(NOBODY));
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toContain('cape-labels.read');
  });

  it('answers 404 for every read of a Tower the caller may not read, as for one that does not exist', async () => {
    for (const path of [
      '/towers/t-b/runs',
      '/towers/t-b/top-sources',
      `/runs/${towerBRun}`,
      `/runs/${towerBRun}/labels`,
      `/runs/${towerBRun}/labels.csv`,
    ]) {
      const res = await b.get(path, asUser(ALICE));
      expect({ path, status: res.status, name: res.body.error?.name }).toEqual({
        path,
        status: 404,
        name: 'NotFoundError',
      });
      await b.get(path, asUser(CAROL)).expect(200);
    }
    await b.get('/towers/t-a/runs', asUser(ALICE)).expect(200);
  });

  it('authorises a sweep per Tower', async () => {
    await sweep(ALICE, 't-a').expect(202);
    const hidden = await sweep(ALICE, 't-b');
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.message).toBe("No Tower 't-b' is configured");

    await sweep(DAVE, 't-a').expect(202);
    const readOnly = await sweep(DAVE, 't-b');
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.error.message).toContain('cape-labels.sweep.run');

    expect((await sweep(NOBODY, 't-a')).status).toBe(403);
    await sweep(PLATFORM, 't-a').expect(202);
  });

  it('authorises a stop per Tower like a sweep: hidden 404, read-only 403, allowed but idle 409', async () => {
    const stop = (user: string, towerId: string) =>
      b
        .http()
        .post(`/api/cape-labels/towers/${towerId}/stop`)
        .set(asUser(user));
    const hidden = await stop(ALICE, 't-b');
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.message).toBe("No Tower 't-b' is configured");
    const unknown = await stop(ALICE, 'nope');
    expect([unknown.status, unknown.body.error.message]).toEqual([
      404,
      "No Tower 'nope' is configured",
    ]);
    const readOnly = await stop(DAVE, 't-b');
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.error.message).toContain('cape-labels.sweep.run');
    const idle = await stop(ALICE, 't-a');
    expect(idle.status).toBe(409);
    expect(idle.body.error.message).toBe("No sweep of Tower 't-a' is running");
  });

  it("answers the frontend's per-Tower question (resourceRef) through the plugin's resources", async () => {
    const decide = async (user: string, resourceRef: string) => {
      const res = await b
        .http()
        .post('/api/permission/authorize')
        .set(asUser(user))
        .send({
          items: [
            { id: '1', permission: capeLabelsSweepRunPermission, resourceRef },
          ],
        })
        .expect(200);
      return res.body.items[0].result;
    };
    expect(await decide(ALICE, 't-a')).toBe(AuthorizeResult.ALLOW);
    expect(await decide(ALICE, 't-b')).toBe(AuthorizeResult.DENY);
    expect(await decide(CAROL, 't-b')).toBe(AuthorizeResult.ALLOW);
    expect(await decide(DAVE, 't-b')).toBe(AuthorizeResult.DENY);
    expect(await decide(ALICE, 'no-such-tower')).toBe(AuthorizeResult.DENY);
  });
});
