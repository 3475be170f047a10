import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import {
  auth,
  BASE,
  backendForDescribe,
  USER_REF,
} from './__testUtils__/testBackend';

const READ_ROUTES = [
  '/towers',
  '/towers/t1/runs',
  '/runs/no-such-run',
  '/runs/no-such-run/labels',
  '/runs/no-such-run/labels.csv',
  '/towers/t1/top-sources',
];

describe('cape-labels.read and cape-labels.sweep.run', () => {
  const b = backendForDescribe();
  afterEach(() => b.permission.denied.clear());

  it('answers 403 on every GET route but /health without cape-labels.read', async () => {
    b.permission.denied.add('cape-labels.read');
    for (const path of READ_ROUTES) {
      const res = await b.get(`${path}`);
      expect({ path, status: res.status, name: res.body.error?.name }).toEqual({
        path,
        status: 403,
        name: 'NotAllowedError',
      });
      expect(res.body.error.message).toContain('cape-labels.read');
    }
    await b.http().get(`${BASE}/health`).expect(200);
    b.permission.denied.clear();
    await b.get(`/towers`).expect(200);
  });

  it('lets a service with the permissions read and sweep, recorded as service:<subject>', async () => {
    await b.postSweep('t1', { dryRun: true }, auth.service()).expect(202);
    const runs = await b
      .http()
      .get(`${BASE}/towers/t1/runs?limit=1`)
      .set(auth.service())
      .expect(200);
    expect(runs.body.items[0]).toMatchObject({
      trigger: 'manual',
      requestedBy: 'service:external:test-service',
    });
  });

  it('audits every sweep request with its actor, refused ones included', async () => {
    const run = await b.sweep('t1', { dryRun: true });
    const succeeded = (await b.audits('sweep-request', 'succeeded')).pop()!;
    expect(succeeded).toContain(USER_REF);
    expect(
      (await b.audits('sweep-request', 'initiated')).length,
    ).toBeGreaterThan(0);
    expect(run.requestedBy).toBe(USER_REF);

    b.permission.denied.add('cape-labels.sweep.run');
    const failedBefore = (await b.audits('sweep-request', 'failed', 0)).length;
    await b.postSweep().expect(403);
    const failed = (
      await b.audits('sweep-request', 'failed', failedBefore + 1)
    ).pop()!;
    expect(failed).toContain(USER_REF);
    expect(failed).toContain('NotAllowedError');
  });
});

/** Backstage's real auth and permission services: external access tokens with access restrictions. */
describe('cape-labels with external access tokens', () => {
  const token = (name: string) => ({ Authorization: `Bearer ${name}-token` });
  const staticToken = (name: string, permission: string[]) => ({
    type: 'static',
    options: { token: `${name}-token`, subject: name },
    accessRestrictions: [{ plugin: 'cape-labels', permission }],
  });

  const b = backendForDescribe({
    realAuth: {
      backend: {
        auth: {
          externalAccess: [
            staticToken('pipeline', [
              'cape-labels.sweep.run',
              'cape-labels.read',
            ]),
            staticToken('dashboard', ['cape-labels.read']),
            staticToken('trigger-only', ['cape-labels.sweep.run']),
            staticToken('user:default/ceo', [
              'cape-labels.sweep.run',
              'cape-labels.read',
            ]),
          ],
        },
      },
    },
  });

  it('lets a pipeline token start a sweep, recorded as requested by service:<its subject>', async () => {
    await b.postSweep('t1', { dryRun: true }, token('pipeline')).expect(202);
    const runs = (
      await b
        .http()
        .get(`${BASE}/towers/t1/runs`)
        .set(token('pipeline'))
        .expect(200)
    ).body.items as RunSummary[];
    expect(runs[0]).toMatchObject({
      trigger: 'manual',
      dryRun: true,
      status: 'succeeded',
      requestedBy: 'service:pipeline',
    });
    const [succeeded] = await b.audits('sweep-request', 'succeeded');
    expect(succeeded).toContain('"actorId":"pipeline"');
  });

  it('never records a service as a user, whatever its subject reads', async () => {
    const ceo = token('user:default/ceo');
    await b.postSweep('t1', { dryRun: true }, ceo).expect(202);
    const [run] = (
      await b.http().get(`${BASE}/towers/t1/runs`).set(ceo).expect(200)
    ).body.items as RunSummary[];
    expect(run.requestedBy).toBe('service:user:default/ceo');
  });

  it('refuses what a token is not granted: 403, nothing started', async () => {
    const before = (await b.get('/towers/t1/runs', token('dashboard'))).body
      .items.length;
    const refused = await b.postSweep('t1', {}, token('dashboard'));
    expect(refused.status).toBe(403);
    await b.get('/towers', token('trigger-only')).expect(403);
    await b.get('/towers', token('unknown')).expect(401);
    const after = (await b.get('/towers/t1/runs', token('dashboard'))).body
      .items.length;
    expect(after).toBe(before);
  });
});
