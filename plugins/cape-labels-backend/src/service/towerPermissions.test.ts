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
  EVE,
  NOBODY,
  PLATFORM,
  SAM,
  teamPermissionsWorld,
} from './__testUtils__/teamPolicy';
import { invokeAction } from '../actions/__testUtils__/invokeAction';
import { backendForDescribe } from './__testUtils__/testBackend';
import { mockServices } from '@backstage/backend-test-utils';
import { openRunStore } from '../database/RunStore';
import { newRun } from '../database/__testUtils__/testStore';

/** Who may not read which Tower: one who reads none, one who reads another. */
const HIDDEN_FROM: Array<[string, string, string]> = [
  ['a caller who may read no Tower', NOBODY, 't-a'],
  ['a caller who may read another Tower', ALICE, 't-b'],
];

/** An answer as a caller sees it, the Tower id it asked about written `<id>`. */
const answerOf = (
  res: { status: number; body: unknown },
  towerId: string,
): { status: number; body: unknown } => ({
  status: res.status,
  body: JSON.parse(JSON.stringify(res.body).split(towerId).join('<id>')),
});

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

  /** What the plugin published through Backstage's signals service (onto the events bus). */
  const signals: unknown[] = [];

  beforeAll(async () => {
    await b.events.subscribe({
      id: 'test-signals',
      topics: ['signals'],
      onEvent: async ({ eventPayload }) => void signals.push(eventPayload),
    });
    await sweep(PLATFORM, 't-b').expect(202);
    towerBRun = (await b.get('/towers/t-b/runs', asUser(PLATFORM))).body
      .items[0].id;
  });

  it('lists only the Towers the caller may read: ALLOW, CONDITIONAL (owner, notify), DENY', async () => {
    expect(await towerIds(PLATFORM)).toEqual(['t-a', 't-b', 't-c']);
    expect(await towerIds(ALICE)).toEqual(['t-a']);
    expect(await towerIds(CAROL)).toEqual(['t-b']);
    expect(await towerIds(DAVE)).toEqual(['t-a', 't-b', 't-c']);
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

    expect((await sweep(NOBODY, 't-a')).status).toBe(404);
    await sweep(PLATFORM, 't-a').expect(202);
  });

  it('grants nothing to a registered group:default/unowned: a Tower without owner is owned by nobody', async () => {
    const denied = await b.get('/towers', asUser(EVE));
    expect(denied.status).toBe(403);
    for (const path of ['/towers/t-c/runs', '/towers/t-c/top-sources'])
      expect((await b.get(path, asUser(EVE))).status).toBe(403);
    expect(answerOf(await sweep(EVE, 't-c'), 't-c')).toEqual(
      answerOf(await sweep(EVE, 'no-such'), 'no-such'),
    );
    expect((await sweep(EVE, 't-c')).status).toBe(404);
    const warnings = b.logs.filter(l => l.includes('owned by nobody'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/: t-c\b/);
  });

  it('lets a notify recipient read the Tower but not sweep it: notification is not ownership', async () => {
    await b.get('/towers/t-b/runs', asUser(CAROL)).expect(200);
    const refused = await sweep(CAROL, 't-b');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('cape-labels.sweep.run');
    const action = await invokeAction(
      b,
      'preview-tower-sweep',
      { towerId: 't-b' },
      asUser(CAROL),
    );
    expect(action.status).toBe(403);
  });

  it.each(HIDDEN_FROM)(
    'answers a sweep or preview of a hidden Tower exactly as an unknown id, route and action: %s',
    async (_name, user, hidden) => {
      const answers = async (towerId: string) => ({
        route: answerOf(await sweep(user, towerId), towerId),
        realRoute: answerOf(
          await b.postSweep(towerId, { dryRun: false }, asUser(user)),
          towerId,
        ),
        preview: answerOf(
          await invokeAction(
            b,
            'preview-tower-sweep',
            { towerId },
            asUser(user),
          ),
          towerId,
        ),
        request: answerOf(
          await invokeAction(
            b,
            'request-tower-sweep',
            { towerId },
            asUser(user),
          ),
          towerId,
        ),
      });
      const unknown = await answers('no-such');
      expect(unknown.route.status).toBe(404);
      expect(await answers(hidden)).toEqual(unknown);
    },
  );

  it.each(HIDDEN_FROM)(
    'answers a read of a hidden Tower exactly as an unknown id, route and action: %s',
    async (_name, user, hidden) => {
      const answers = async (towerId: string) => ({
        runs: answerOf(
          await b.get(`/towers/${towerId}/runs`, asUser(user)),
          towerId,
        ),
        topSources: answerOf(
          await b.get(`/towers/${towerId}/top-sources`, asUser(user)),
          towerId,
        ),
        runsAction: answerOf(
          await invokeAction(b, 'list-tower-runs', { towerId }, asUser(user)),
          towerId,
        ),
        topSourcesAction: answerOf(
          await invokeAction(
            b,
            'get-tower-top-sources',
            { towerId },
            asUser(user),
          ),
          towerId,
        ),
      });
      expect(await answers(hidden)).toEqual(await answers('no-such'));
    },
  );

  it('sends no signal naming a Tower to a user who may not read it: every signal is a bare broadcast nudge', async () => {
    expect(signals.length).toBeGreaterThan(0);
    for (const signal of signals)
      expect(signal).toEqual({
        recipients: { type: 'broadcast' },
        channel: 'cape-labels:refresh',
        message: { type: 'refresh' },
      });
    // ALICE may not read t-b, and the broadcast reaches her too.
    expect(JSON.stringify(signals)).not.toContain('t-b');
    expect(JSON.stringify(signals)).not.toContain(towerBRun);
  });

  it('authorises a stop per Tower like a sweep: hidden 404, read-only 403, allowed but idle 409', async () => {
    const stop = (user: string, towerId: string) =>
      b.postStop(towerId, asUser(user));
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

  it('answers a caller who may sweep but not read a Tower exactly as for an unknown one: its stop stops nothing, its sweeps start nothing', async () => {
    const store = await openRunStore({
      database: mockServices.database({ knex: await b.db() }),
    });
    const running = await store.createRun(
      newRun('t-b', 0, { startedAt: new Date() }),
    );
    const stop = (towerId: string) => b.postStop(towerId, asUser(SAM));
    const answers = async (towerId: string) => ({
      stop: answerOf(await stop(towerId), towerId),
      preview: answerOf(await sweep(SAM, towerId), towerId),
      sweep: answerOf(
        await b.postSweep(towerId, { dryRun: false }, asUser(SAM)),
        towerId,
      ),
      stopAction: answerOf(
        await invokeAction(b, 'stop-tower-sweep', { towerId }, asUser(SAM)),
        towerId,
      ),
    });
    const runsOfB = async () =>
      (await b.get('/towers/t-b/runs', asUser(PLATFORM)).expect(200)).body.items
        .length;
    const runsBefore = await runsOfB();
    const unknown = await answers('no-such');
    expect(unknown.stop.status).toBe(404);
    expect(await answers('t-b')).toEqual(unknown);
    expect(await store.stoppedBy(running.id)).toBeUndefined();
    expect((await store.getRun(running.id))?.status).toBe('running');
    expect(await runsOfB()).toBe(runsBefore);
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
    expect(await decide(DAVE, 't-b')).toBe(AuthorizeResult.DENY);
    expect(await decide(ALICE, 'no-such-tower')).toBe(AuthorizeResult.DENY);
    expect(await decide(EVE, 't-c')).toBe(AuthorizeResult.DENY);
    expect(await decide(CAROL, 't-b')).toBe(AuthorizeResult.DENY);
  });
});
