import { LEGACY_MISSING_RELATIONS } from '@smartx-cape/cloudtower-simulator';
import type { TowerClient } from '../cloudtower/TowerClient';
import {
  createHarness,
  stoppedAfterEach,
  type Harness,
} from './__testUtils__/sweepHarness';

/*
 * Whole sweeps against the kinds of Tower that exist (the simulator modelled on the public
 * sources): a legacy Tower that refuses introspection and lacks relations, a two-factor Tower used
 * with an API key, a Tower behind a gateway that requires a header.
 */

function seed(h: Harness) {
  const { admin } = h.sim;
  admin.setCounterLag('never');
  const label = (value: string) =>
    admin.createLabel({ key: 'cape-vip', value, createdAt: h.old() }).id;
  const orphans = [label('10.0.0.1'), label('10.0.0.2')];
  const held = label('10.0.0.3');
  admin.createObject('vm_templates', { name: 'tpl', labelIds: [held] });
  admin.setCounters(held, { total_num: 0 });
  return { orphans, held };
}

const API_KEY = 'tower-api-key-7f3a';

describe('TowerSweeper against the kinds of Tower there are', () => {
  const make = stoppedAfterEach(createHarness);

  it('a current Tower refusing introspection: labels held only by volume snapshots are kept, also one attached between check and delete', async () => {
    let h: Harness | undefined = undefined;
    const attachedLate: string[] = [];
    // "CAPE" attaches a volume snapshot to every label of the delete after its live check.
    const attachBeforeDelete = (real: TowerClient): Partial<TowerClient> => ({
      deleteLabelsGuarded: async (input, signal) => {
        for (const labelId of input.ids) {
          h!.sim.admin.createObject('vm_volume_snapshots', {
            name: `late-${labelId}`,
            labelIds: [labelId],
          });
          attachedLate.push(labelId);
        }
        return real.deleteLabelsGuarded(input, signal);
      },
    });
    h = await make({
      simulator: { introspection: false },
      wrapClient: attachBeforeDelete,
    });
    const { admin } = h.sim;
    admin.setCounterLag('never');
    const label = (value: string) =>
      admin.createLabel({ key: 'cape-vip', value, createdAt: h!.old() }).id;
    const held = [label('10.0.0.1'), label('10.0.0.2')];
    for (const id of held) {
      admin.createObject('vm_volume_snapshots', { name: id, labelIds: [id] });
      admin.setCounters(id, { total_num: 0 });
    }
    const orphans = [label('10.0.0.3'), label('10.0.0.4')];

    const run = await h.sweep();
    expect(run.status).toBe('succeeded');
    expect(h.deletedIds()).toEqual([]);
    expect(run.relations).toMatchObject({ source: 'probe' });
    expect(run.relations?.checked).toContain('vm_volume_snapshots');
    expect(run.relations?.lackingBuiltIn).toEqual([]);
    const outcomes = await h.outcomesByLabel(run.id);
    for (const id of held) expect(outcomes[id]).toBe('kept/referenced');
    // The orphans reached the delete, and its guard refused them: a snapshot holds them now.
    expect(attachedLate.sort()).toEqual([...orphans].sort());
    expect(h.deletedIds()).toEqual([]);
    for (const id of [...held, ...orphans])
      expect(admin.label(id)).toBeDefined();
  });

  it('a legacy Tower (no introspection, fewer relations): probed, swept, never sent a filter it lacks', async () => {
    const h = await make({ simulator: { towerVersion: 'legacy' } });
    const { orphans, held } = seed(h);
    const run = await h.sweep();
    expect(run.status).toBe('succeeded');
    expect(run.relations?.source).toBe('probe');
    for (const missing of LEGACY_MISSING_RELATIONS)
      expect(run.relations?.checked).not.toContain(missing);
    expect(run.relations?.checked).toContain('vm_templates');
    // Each one it lacks was probed alone before it was dropped, and the run says so.
    expect(new Set(run.relations?.lackingBuiltIn)).toEqual(
      new Set(LEGACY_MISSING_RELATIONS),
    );
    expect(run.notes).toContainEqual({
      code: 'RELATIONS_LACKING_BUILT_IN',
      params: { relations: run.relations?.lackingBuiltIn?.join(', ') },
      message: `Tower's Label lacks built-in relations (not checked): ${run.relations?.lackingBuiltIn?.join(', ')}`,
    });
    expect(
      h.sim.admin
        .requestLog()
        .filter(e => e.operationName === 'CapeLabelsRelationProbe'),
    ).toHaveLength(1 + LEGACY_MISSING_RELATIONS.length);
    expect(h.deletedIds()).toEqual([...orphans].sort());
    expect((await h.outcomesByLabel(run.id))[held]).toBe('kept/referenced');
    const afterProbe = h.sim.admin
      .requestLog()
      .filter(
        e =>
          ![
            'CapeLabelsRelations',
            'CapeLabelsRelationProbe',
            'CapeLabelsHolderTypes',
            'CapeLabelsHolderProbe',
          ].includes(e.operationName ?? ''),
      );
    expect(afterProbe.every(e => e.outcome === 'ok')).toBe(true);
  });

  it('a two-factor Tower with an API key: swept with no login or logout', async () => {
    const h = await make({
      simulator: { twoFactor: true, apiKeys: [API_KEY] },
      tower: { credentials: { kind: 'apiKey', apiKey: API_KEY } },
    });
    const { orphans } = seed(h);
    const run = await h.sweep();
    expect(run.status).toBe('succeeded');
    expect(run.notes).toEqual([
      {
        code: 'LOGIN_API_KEY',
        message: 'authenticated with an API key (no login)',
      },
    ]);
    expect(h.deletedIds()).toEqual([...orphans].sort());
    const sent = h.sim.admin.requestLog().map(e => e.operationName);
    expect(sent).not.toContain('CapeLabelsLogin');
    expect(sent).not.toContain('CapeLabelsLogout');
    expect(JSON.stringify(run)).not.toContain(API_KEY);
  });

  it('a two-factor Tower with a password: the run fails naming apiKey, nothing deleted', async () => {
    const h = await make({
      simulator: { twoFactor: true, apiKeys: [API_KEY] },
    });
    seed(h);
    const run = await h.sweep();
    expect(run.status).toBe('failed');
    // The simulator answers a GraphQL error (assumed; the client also handles a login without a token).
    expect(run.error?.code).toBe('MFA_REQUIRED');
    expect(run.error?.message).toContain('set capeLabels.towers.t1.apiKey');
    expect(h.deletedIds()).toEqual([]);
  });

  it('a Tower behind a gateway that requires a header: swept with it, refused without it', async () => {
    const requiredHeaders = { 'x-bypass-whitelist': 'true' };
    const h = await make({
      simulator: { requiredHeaders },
      tower: { headers: { 'x-bypass-whitelist': 'true' } },
    });
    const { orphans } = seed(h);
    const run = await h.sweep();
    expect(run.status).toBe('succeeded');
    expect(h.deletedIds()).toEqual([...orphans].sort());

    h.configure({ tower: { ...h.tower, headers: {} } });
    const refused = await h.sweep();
    expect(refused.status).toBe('failed');
    expect(refused.error?.code).toBe('HTTP_403');
    expect(
      h.sim.admin.requestLog().some(e => e.outcome === 'gateway-refused'),
    ).toBe(true);
  });
});
