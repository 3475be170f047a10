import {
  createHarness,
  stoppedAfterEach,
  type Harness,
} from './__testUtils__/sweepHarness';

function seedOrphans(h: Harness, n: number): string[] {
  return h.sim.admin
    .createLabels(
      Array.from({ length: n }, (_, i) => ({
        key: 'cape-vip',
        value: `10.0.0.${i}`,
        createdAt: h.old(),
      })),
    )
    .map(l => l.id);
}

const refused = (operationName: string) => ({
  match: { operationName },
  errorRate: 1,
  errorCode: 'GRAPHQL_VALIDATION_FAILED',
  errorMessage: 'GraphQL introspection is not allowed',
});

describe("TowerSweeper: rule 4 asks every relation of Tower's Label", () => {
  const make = stoppedAfterEach(createHarness);

  it('records the relations it checked, read from introspection', async () => {
    const h = await make();
    seedOrphans(h, 3);
    const run = await h.sweep();
    expect(run.status).toBe('succeeded');
    expect(run.relations?.source).toBe('introspection');
    expect(run.relations?.checked[0]).toBe('vms');
    expect(run.counts.deleted).toBe(3);
  });

  it('probes where Tower refuses introspection, and still sweeps', async () => {
    const h = await make();
    const ids = seedOrphans(h, 3);
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
    const ids = seedOrphans(h, 3);
    h.sim.admin.setFaults({
      rules: [
        refused('CapeLabelsRelations'),
        {
          match: { operationName: 'CapeLabelsRelationProbe' },
          errorRate: 1,
          errorCode: 'PERMISSION_DENIED',
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
