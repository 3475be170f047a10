import {
  createHarness,
  stoppedAfterEach,
  type Harness,
} from './__testUtils__/sweepHarness';

const refused = (operationName: string) => ({
  match: { operationName },
  errorRate: 1,
  errorCode: 'GRAPHQL_VALIDATION_FAILED',
  errorMessage: 'GraphQL introspection is not allowed',
});

/** Relations other than VMs that hold labels on a real Tower, each with its own lagging counter. */
const HOLDERS = [
  'vm_snapshots',
  'vm_templates',
  'content_library_vm_templates',
  'security_policies',
  'isolation_policies',
  'hosts',
  'vm_volumes',
  'nvmf_namespaces',
];

/** A label held by one object of `relation` while every counter still says 0. */
function heldOnlyBy(h: Harness, relation: string): string {
  const { admin } = h.sim;
  const id = admin.createLabel({
    key: 'cape-cluster-name',
    value: `held-by-${relation}`,
    createdAt: h.old(),
  }).id;
  admin.createObject(relation, { name: relation, labelIds: [id] });
  admin.setCounters(id, { total_num: 0 });
  return id;
}

describe("TowerSweeper: rule 4 asks every relation of Tower's Label", () => {
  const make = stoppedAfterEach(createHarness);

  it('keeps labels held only by snapshots, templates, policies, hosts ... while their counters say 0, naming the relation', async () => {
    const h = await make();
    h.sim.admin.setCounterLag('never');
    const held = HOLDERS.map(r => heldOnlyBy(h, r));
    const orphans = h.seedOrphans(2, 'cape-vip');
    for (const id of held) expect(h.sim.admin.label(id)?.total_num).toBe(0);
    const run = await h.sweep();
    expect(run.status).toBe('succeeded');
    expect(h.deletedIds()).toEqual([...orphans].sort());
    const outcomes = await h.store.listOutcomes(run.id, {
      limit: 100,
      offset: 0,
      reason: 'referenced',
    });
    expect(
      Object.fromEntries(outcomes.items.map(o => [o.labelId, o.relation])),
    ).toEqual(Object.fromEntries(held.map((id, i) => [id, HOLDERS[i]])));
  });

  it('a reference added just before the delete stops the delete on Tower', async () => {
    const h = await make({
      wrapClient: real => ({
        deleteLabelsGuarded: async (input, signal) => {
          // CAPE (or anyone) snapshots a VM holding the first label just before our delete.
          h.sim.admin.createObject('vm_snapshots', {
            name: 'late',
            labelIds: [input.ids[0]],
          });
          return real.deleteLabelsGuarded(input, signal);
        },
      }),
    });
    h.sim.admin.setCounterLag('never');
    const [late, ...rest] = h.seedOrphans(3, 'cape-vip');
    const run = await h.sweep();
    expect(h.sim.admin.label(late)?.references).toEqual({
      vm_snapshots: [expect.any(String)],
    });
    expect(h.deletedIds()).toEqual([...rest].sort());
    expect((await h.outcomesByLabel(run.id))[late]).toBe('kept/referenced');
    const outcomes = await h.outcomes(run.id);
    expect(outcomes.find(o => o.labelId === late)?.relation).toBe(
      'vm_snapshots',
    );
  });

  it('records the relations it checked, read from introspection', async () => {
    const h = await make();
    h.seedOrphans(3, 'cape-vip');
    const run = await h.sweep();
    expect(run.status).toBe('succeeded');
    expect(run.relations?.source).toBe('introspection');
    expect(run.relations?.checked[0]).toBe('vms');
    expect(run.counts.deleted).toBe(3);
  });

  it('probes where Tower refuses introspection, and still sweeps', async () => {
    const h = await make();
    const ids = h.seedOrphans(3, 'cape-vip');
    h.sim.admin.setFaults({ rules: [refused('CapeLabelsRelations')] });
    const run = await h.sweep();
    expect(run.error).toBeUndefined();
    expect(run.status).toBe('succeeded');
    expect(run.relations?.source).toBe('probe');
    expect(run.relations?.checked).toContain('vms');
    expect(h.deletedIds()).toEqual([...ids].sort());
  });

  it('fails the run, deleting nothing, when the relations cannot be determined', async () => {
    const h = await make();
    const ids = h.seedOrphans(3, 'cape-vip');
    h.sim.admin.setFaults({
      rules: [
        refused('CapeLabelsRelations'),
        {
          match: { operationName: 'CapeLabelsRelationProbe' },
          errorRate: 1,
          errorCode: 'FORBIDDEN',
          errorMessage: 'not allowed to read labels',
        },
      ],
    });
    const run = await h.sweep();
    expect(run.status).toBe('failed');
    expect(run.error?.code).toBe('RELATIONS_UNKNOWN');
    expect(run.error?.message).toContain(
      'could not determine which relations of Label',
    );
    expect(run.relations).toBeUndefined();
    expect(h.deletedIds()).toEqual([]);
    for (const id of ids) expect(h.sim.admin.label(id)).toBeDefined();
    const sent = h.sim.admin.requestLog().map(e => e.operationName);
    expect(sent).not.toContain('CapeLabelsCheck');
    expect(sent).not.toContain('CapeLabelsDelete');
  });
});
