import type { Run } from '@smartx-cape/plugin-cape-labels-common';
import { expectNoSecret } from '../__testUtils__/towerLogin';
import { asUser } from '../service/__testUtils__/permissionBackend';
import {
  ALICE,
  NOBODY,
  PLATFORM,
  teamPermissionsWorld,
} from '../service/__testUtils__/teamPolicy';
import {
  backendForDescribe,
  oldDate,
} from '../service/__testUtils__/testBackend';
import { OUTCOMES, RUNS } from '../database/tables';
import { invokeAction, listActions } from './__testUtils__/invokeAction';
import { HOUR } from '../__testUtils__/time';

describe('the read-only actions', () => {
  // ALICE (the requests' default user) reads and sweeps t-a only, PLATFORM both, NOBODY none
  const b = backendForDescribe(teamPermissionsWorld());
  let preview: Run;
  let hiddenRun: Run;

  beforeAll(async () => {
    for (let i = 0; i < 5; i++)
      b.sim.admin.createLabel({
        key: 'cape-cluster-name',
        value: `gone-${i}`,
        createdAt: oldDate(),
      });
    for (let i = 0; i < 2; i++)
      b.sim.admin.createLabel({
        key: 'cape-vip',
        value: `young-${i}`,
        createdAt: new Date(Date.now() - HOUR).toISOString(),
      });
    preview = await b.sweep('t-a', { dryRun: true });
    await b.postSweep('t-b', { dryRun: true }, asUser(PLATFORM)).expect(202);
    const runs = await b.get('/towers/t-b/runs', asUser(PLATFORM)).expect(200);
    hiddenRun = runs.body.items[0];
  }, 30_000);

  it('lists seven actions, read-only ones marked so and only the real sweep destructive', async () => {
    const res = await listActions(b).expect(200);
    const actions = res.body.actions as Array<{
      id: string;
      attributes: Record<string, boolean>;
      examples?: unknown[];
      schema: { input: { properties?: Record<string, { enum?: string[] }> } };
    }>;
    const attributes = Object.fromEntries(
      actions.map(a => [a.id, a.attributes]),
    );
    const readOnly = { readOnly: true, idempotent: true, destructive: false };
    expect(attributes).toEqual({
      'cape-labels:list-towers': readOnly,
      'cape-labels:list-tower-runs': readOnly,
      'cape-labels:list-run-labels': readOnly,
      'cape-labels:get-tower-top-sources': readOnly,
      'cape-labels:preview-tower-sweep': {
        readOnly: false,
        idempotent: false,
        destructive: false,
      },
      'cape-labels:request-tower-sweep': {
        readOnly: false,
        idempotent: false,
        destructive: true,
      },
      'cape-labels:stop-tower-sweep': {
        readOnly: false,
        idempotent: true,
        destructive: false,
      },
    });
    for (const action of actions) expect(action.examples?.length).toBe(1);
    const labels = actions.find(a => a.id === 'cape-labels:list-run-labels');
    expect(labels?.schema.input.properties?.action?.enum).toEqual([
      'deleted',
      'would-delete',
      'kept',
      'failed',
    ]);
  });

  it('list-towers answers what GET /towers answers (owner, recipients and effective rules included), each caller its own Towers', async () => {
    const mine = await invokeAction(b, 'list-towers').expect(200);
    const api = await b.get('/towers').expect(200);
    expect(mine.body.output).toEqual(api.body);
    expect(mine.body.output.items[0]).toMatchObject({
      owner: expect.any(String),
      notify: expect.any(Array),
      rules: {
        minAge: expect.any(String),
        maxDeletesPerRun: expect.any(Number),
        dryRun: expect.any(Boolean),
        schedule: { timeout: expect.any(String) },
      },
    });
    expect(mine.body.output.items.map((t: { id: string }) => t.id)).toEqual([
      't-a',
    ]);
    const all = await invokeAction(b, 'list-towers', {}, asUser(PLATFORM));
    expect(all.body.output.items).toHaveLength(3);

    const refused = await invokeAction(b, 'list-towers', {}, asUser(NOBODY));
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('cape-labels.read');
  });

  it('list-tower-runs: a Tower hidden from the caller is 404 like a missing one; bad input is 400 naming the field', async () => {
    const runs = await invokeAction(b, 'list-tower-runs', { towerId: 't-a' });
    expect(runs.status).toBe(200);
    expect(runs.body.output.items.map((r: Run) => r.id)).toEqual([preview.id]);
    expect(runs.body.output.items[0].requestedBy).toBe(ALICE);

    for (const towerId of ['t-b', 'no-such']) {
      const hidden = await invokeAction(b, 'list-tower-runs', { towerId });
      expect(hidden.status).toBe(404);
      expect(hidden.body.error.message).toBe(
        `No Tower '${towerId}' is configured`,
      );
    }
    const badLimit = await invokeAction(b, 'list-tower-runs', {
      towerId: 't-a',
      limit: 0,
    });
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.error.message).toBe(
      'limit must be a whole number from 1 to 100',
    );
    const badId = await invokeAction(b, 'list-tower-runs', {
      towerId: '../x',
    });
    expect(badId.status).toBe(400);
    expect(badId.body.error.message).toContain('towerId');
    for (const input of [{ towerId: 't-a', extra: 1 }, { towerId: 7 }, {}]) {
      const res = await invokeAction(b, 'list-tower-runs', input);
      expect(res.status).toBe(400);
      expect(res.body.error.name).toBe('InputError');
    }
  });

  it('list-run-labels filters as GET /runs/:runId/labels does, and hides runs of hidden Towers', async () => {
    const filters = [
      { action: 'would-delete' },
      { action: 'kept', reason: 'young' },
      { key: 'cape-vip' },
      { search: 'GONE-3' },
      { limit: 2, offset: 1 },
    ];
    for (const filter of filters) {
      const res = await invokeAction(b, 'list-run-labels', {
        runId: preview.id,
        ...filter,
      }).expect(200);
      const query = new URLSearchParams(
        Object.entries(filter).map(([k, v]) => [k, String(v)]),
      );
      const api = await b.get(`/runs/${preview.id}/labels?${query}`);
      expect(res.body.output).toEqual(api.body);
    }
    const wouldDelete = await invokeAction(b, 'list-run-labels', {
      runId: preview.id,
      action: 'would-delete',
    });
    expect(wouldDelete.body.output.total).toBe(5);

    const hidden = await invokeAction(b, 'list-run-labels', {
      runId: hiddenRun.id,
    });
    expect(hidden.status).toBe(404);
    const badReason = await invokeAction(b, 'list-run-labels', {
      runId: preview.id,
      reason: 'nope',
    });
    expect(badReason.status).toBe(400);
  });

  it("get-tower-top-sources names the clusters whose labels a real sweep deleted; no answer holds the Tower's password", async () => {
    const run = await b.sweep('t-a');
    expect(run.counts.deleted).toBe(5);
    const res = await invokeAction(b, 'get-tower-top-sources', {
      towerId: 't-a',
      days: 7,
    }).expect(200);
    const api = await b.get('/towers/t-a/top-sources?days=7');
    // `since` is each answer's own clock minus 7 days
    expect({ ...res.body.output, since: 0 }).toEqual({ ...api.body, since: 0 });
    expect(res.body.output.clusters).toHaveLength(5);
    expect(res.body.output.clusters[0]).toEqual({
      value: expect.stringMatching(/^gone-/),
      deleted: 1,
    });

    const answers = await Promise.all([
      invokeAction(b, 'list-towers', {}, asUser(PLATFORM)),
      invokeAction(b, 'list-tower-runs', { towerId: 't-a' }),
      invokeAction(b, 'list-run-labels', { runId: run.id }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expectNoSecret(JSON.stringify(answer.body));
    }
  });

  it('reads a run a newer release recorded beside this one (a note code and a kept reason it does not know)', async () => {
    const db = await b.db();
    const note = { code: 'A_LATER_NOTE', message: 'said by a later release' };
    await db(RUNS)
      .where({ id: preview.id })
      .update({ notes: JSON.stringify([note]) });
    await db(OUTCOMES)
      .where({ run_id: preview.id })
      .update({ action: 'kept', reason: 'a-later-reason' });

    const runs = await invokeAction(b, 'list-tower-runs', { towerId: 't-a' });
    expect(runs.status).toBe(200);
    const run = runs.body.output.items.find((r: Run) => r.id === preview.id);
    expect(run.notes).toEqual([note]);
    const labels = await invokeAction(b, 'list-run-labels', {
      runId: preview.id,
    });
    expect(labels.status).toBe(200);
    expect(labels.body.output.items[0].reason).toBe('a-later-reason');
  });
});
