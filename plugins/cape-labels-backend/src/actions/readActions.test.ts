import type { UserInfoService } from '@backstage/backend-plugin-api';
import {
  AuthorizeResult,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';
import type {
  PermissionPolicy,
  PolicyQuery,
  PolicyQueryUser,
} from '@backstage/plugin-permission-node';
import type { Run } from '@smartx-cape/plugin-cape-labels-common';
import { TOWER_PASSWORD } from '../__testUtils__/towerLogin';
import {
  capeLabelsTowerConditions,
  createCapeLabelsTowerConditionalDecision,
} from '../permissions/towerPermissions';
import {
  asUser,
  permissionBackendFeatures,
} from '../service/__testUtils__/permissionBackend';
import {
  backendForDescribe,
  dailySchedule,
  HOUR,
  oldDate,
  towerEntry,
  USER_REF as ALICE, // group:default/team-a, owner of t-a
} from '../service/__testUtils__/testBackend';
import { invokeAction, listActions } from './__testUtils__/invokeAction';

const PAT = 'user:default/pat'; // group:default/platform-team: ALLOW
const NOBODY = 'user:default/nobody'; // DENY

/** Tower owners read and sweep their Towers, the platform team every Tower, nobody none. */
class OwnerPolicy implements PermissionPolicy {
  constructor(private readonly userInfo: UserInfoService) {}

  async handle(
    request: PolicyQuery,
    user?: PolicyQueryUser,
  ): Promise<PolicyDecision> {
    if (!user) return { result: AuthorizeResult.DENY };
    const { userEntityRef, ownershipEntityRefs } =
      await this.userInfo.getUserInfo(user.credentials);
    if (ownershipEntityRefs.includes('group:default/platform-team'))
      return { result: AuthorizeResult.ALLOW };
    if (userEntityRef === NOBODY) return { result: AuthorizeResult.DENY };
    return createCapeLabelsTowerConditionalDecision(
      request.permission as Parameters<
        typeof createCapeLabelsTowerConditionalDecision
      >[0],
      capeLabelsTowerConditions.isTowerOwner({ claims: ownershipEntityRefs }),
    );
  }
}

describe('the read-only actions', () => {
  const b = backendForDescribe({
    realPermissions: true,
    features: permissionBackendFeatures(u => new OwnerPolicy(u), {
      [PAT]: ['group:default/platform-team'],
      [ALICE]: ['group:default/team-a'],
    }),
    capeLabels: url => ({
      schedule: dailySchedule(),
      towers: {
        't-a': towerEntry(url, { owner: 'group:default/team-a' }),
        // One simulator: its own prefix, since one server and prefix may have only one id.
        't-b': towerEntry(url, { resourcePrefix: 'sks' }),
      },
    }),
  });
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
    await b.postSweep('t-b', { dryRun: true }, asUser(PAT)).expect(202);
    const runs = await b.get('/towers/t-b/runs', asUser(PAT)).expect(200);
    hiddenRun = runs.body.items[0];
  }, 30_000);

  it('lists six actions, read-only ones marked so and only the real sweep destructive', async () => {
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

  it('list-towers answers what GET /towers answers, each caller its own Towers', async () => {
    const mine = await invokeAction(b, 'list-towers').expect(200);
    const api = await b.get('/towers').expect(200);
    expect(mine.body.output).toEqual(api.body);
    expect(mine.body.output.items.map((t: { id: string }) => t.id)).toEqual([
      't-a',
    ]);
    const all = await invokeAction(b, 'list-towers', {}, asUser(PAT));
    expect(all.body.output.items).toHaveLength(2);

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
      invokeAction(b, 'list-towers', {}, asUser(PAT)),
      invokeAction(b, 'list-tower-runs', { towerId: 't-a' }),
      invokeAction(b, 'list-run-labels', { runId: run.id }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain(TOWER_PASSWORD);
    }
  });
});
