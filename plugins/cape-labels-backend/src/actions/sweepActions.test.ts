import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  auth,
  backendForDescribe,
  USER_REF,
} from '../service/__testUtils__/testBackend';
import { invokeAction } from './__testUtils__/invokeAction';

describe('the sweep actions, permission framework on', () => {
  const b = backendForDescribe();
  afterEach(() => {
    b.permission.result = AuthorizeResult.ALLOW;
    b.permission.denied.clear();
  });

  it('preview-tower-sweep records a dry run requested by the caller, deletes nothing, and is audited', async () => {
    const label = b.oldLabel('ns-preview');
    const res = await invokeAction(b, 'preview-tower-sweep', { towerId: 't1' });
    expect(res.status).toBe(200);
    expect(res.body.output).toEqual({
      requestId: expect.any(String),
      towerId: 't1',
      dryRun: true,
    });
    const [run] = await b.runs('t1');
    expect(run).toMatchObject({
      dryRun: true,
      trigger: 'manual',
      requestedBy: USER_REF,
      status: 'succeeded',
    });
    expect(run.counts.wouldDelete).toBe(1);
    expect(b.sim.admin.label(label)).toBeDefined();
    const audit = (await b.audits('sweep-request', 'succeeded')).pop();
    expect(audit).toContain('actions-registry');
    expect(audit).toContain(res.body.output.requestId);
  });

  it('request-tower-sweep deletes as the caller (a service is recorded service:<subject>)', async () => {
    const label = b.oldLabel('ns-swept');
    const res = await invokeAction(
      b,
      'request-tower-sweep',
      { towerId: 't1' },
      auth.service(),
    );
    expect(res.status).toBe(200);
    expect(res.body.output.dryRun).toBe(false);
    const [run] = await b.runs('t1');
    expect(run.dryRun).toBe(false);
    expect(run.requestedBy).toMatch(/^service:/);
    // the preview's label too, when that test ran first
    expect(run.counts.deleted).toBeGreaterThanOrEqual(1);
    expect(b.sim.admin.label(label)).toBeUndefined();
  });

  it('is refused (403 naming cape-labels.sweep.run) without the permission, audited as failed', async () => {
    const label = b.oldLabel('ns-denied');
    b.permission.denied.add('cape-labels.sweep.run');
    const before = (await b.runs('t1')).length;
    for (const name of ['request-tower-sweep', 'preview-tower-sweep']) {
      const res = await invokeAction(b, name, { towerId: 't1' });
      expect(res.status).toBe(403);
      expect(res.body.error.name).toBe('NotAllowedError');
      expect(res.body.error.message).toContain('cape-labels.sweep.run');
    }
    expect(await b.runs('t1')).toHaveLength(before);
    expect(b.sim.admin.label(label)).toBeDefined();
    expect((await b.audits('sweep-request', 'failed')).pop()).toContain(
      'actions-registry',
    );
  });

  it('stop-tower-sweep: 409 naming the Tower when none of its sweeps runs, 403 without cape-labels.sweep.run, 404 for an unknown Tower; audited as sweep-stop', async () => {
    const idle = await invokeAction(b, 'stop-tower-sweep', { towerId: 't1' });
    expect(idle.status).toBe(409);
    expect(idle.body.error.message).toBe("No sweep of Tower 't1' is running");
    expect(
      b.logs.filter(l => l.includes('sweep-stop') && l.includes('failed')),
    ).toHaveLength(1);
    const missing = await invokeAction(b, 'stop-tower-sweep', {
      towerId: 'no-such',
    });
    expect(missing.status).toBe(404);
    b.permission.denied.add('cape-labels.sweep.run');
    const refused = await invokeAction(b, 'stop-tower-sweep', {
      towerId: 't1',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('cape-labels.sweep.run');
  });

  it('answers 404 for a Tower that is not configured, 400 for a malformed id', async () => {
    const missing = await invokeAction(b, 'request-tower-sweep', {
      towerId: 'no-such',
    });
    expect(missing.status).toBe(404);
    const malformed = await invokeAction(b, 'preview-tower-sweep', {
      towerId: 'NO SUCH',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toContain('towerId');
  });

  it('audits a malformed towerId as failed without writing it anywhere', async () => {
    const huge = 'x'.repeat(100_000);
    const failedBefore = (await b.audits('sweep-request', 'failed', 0)).length;
    const res = await invokeAction(b, 'request-tower-sweep', { towerId: huge });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toContain(huge.slice(0, 200));
    expect(
      (await b.audits('sweep-request', 'failed', failedBefore + 1)).length,
    ).toBeGreaterThan(failedBefore);
    expect(b.logs.some(l => l.includes(huge.slice(0, 200)))).toBe(false);
  });
});

describe('the sweep actions while permission.enabled is not true', () => {
  const b = backendForDescribe({ permissionsOff: true });

  it('refuses a real sweep naming permission.enabled and the opt-in, as the API does; a preview runs', async () => {
    const label = b.oldLabel('ns-gate');
    const res = await invokeAction(b, 'request-tower-sweep', { towerId: 't1' });
    const api = await b.postSweep('t1', {});
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual(api.body.error);
    expect(res.body.error.message).toContain('permission.enabled');
    expect(res.body.error.message).toContain(
      'capeLabels.allowManualSweepsWithoutPermissions',
    );
    expect(await b.runs('t1')).toHaveLength(0);
    expect(b.sim.admin.label(label)).toBeDefined();

    const preview = await invokeAction(b, 'preview-tower-sweep', {
      towerId: 't1',
    });
    expect(preview.status).toBe(200);
    const [run] = await b.runs('t1');
    expect(run.dryRun).toBe(true);
    expect(b.sim.admin.label(label)).toBeDefined();
  });
});
