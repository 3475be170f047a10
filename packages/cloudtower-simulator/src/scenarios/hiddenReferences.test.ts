import { startSimulator } from '../http';
import { gql, login } from '../testing';
import { LABEL_RELATIONS } from '../world';

const clock = () => new Date('2026-11-29T00:00:00.000Z');

describe('hidden references', () => {
  it('demo-refs is deterministic and has ~20 orphan-looking labels held by other relations', async () => {
    const [a, b] = await Promise.all([
      startSimulator({ scenario: 'demo-refs', clock }),
      startSimulator({ scenario: 'demo-refs', clock }),
    ]);
    try {
      expect(a.admin.labels()).toEqual(b.admin.labels());
      const hidden = a.admin
        .labels()
        .filter(
          l =>
            Object.keys(l.references).length > 0 &&
            l.vmIds.length === 0 &&
            l.total_num === 0,
        );
      expect(hidden.length).toBeGreaterThanOrEqual(15);
      expect(hidden.length).toBeLessThanOrEqual(25);
      const kinds = new Set(hidden.flatMap(l => Object.keys(l.references)));
      expect(kinds.size).toBeGreaterThanOrEqual(6);
      expect([...kinds]).toEqual(
        expect.arrayContaining(['vm_snapshots', 'vm_templates']),
      );
      for (const l of hidden) {
        const [field, ids] = Object.entries(l.references)[0];
        expect(Object.keys(l.references)).toHaveLength(1);
        expect(ids).toHaveLength(1);
        const counter = LABEL_RELATIONS.find(r => r.field === field)!.counter;
        expect(l.counters[counter]).toBe(0);
        expect(l.vm_num).toBe(0);
      }
      // Only a live relation filter tells: the guarded delete of a careful client keeps them.
      const token = await login(a.url);
      const ids = hidden.map(l => l.id);
      const naive = await gql(
        a.url,
        'query($ids: [ID!]) { labels(where: {AND: [{id_in: $ids}, {total_num: 0}, {vms_none: {}}]}) { id } }',
        { ids },
        token,
      );
      expect(naive.data.labels).toHaveLength(ids.length);
      const careful = await gql(
        a.url,
        'query($w: LabelWhereInput) { labels(where: $w) { id } }',
        {
          w: {
            AND: [
              { id_in: ids },
              ...LABEL_RELATIONS.map(r => ({ [`${r.field}_none`]: {} })),
            ],
          },
        },
        token,
      );
      expect(careful.data.labels).toEqual([]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('leaves demo as it was (no hidden references unless asked for)', async () => {
    const sim = await startSimulator({ scenario: 'demo', clock });
    try {
      const labels = sim.admin.labels();
      expect(labels).toHaveLength(300);
      expect(
        labels.filter(l =>
          Object.keys(l.references).some(
            f => f !== 'vms' && f !== 'security_policies',
          ),
        ),
      ).toEqual([]);
    } finally {
      await sim.stop();
    }
  });

  it('takes the relations a generated world asks for, skipping those the Tower lacks', async () => {
    const sim = await startSimulator({
      towerVersion: 'legacy',
      scenario: {
        seed: 5,
        generate: {
          labels: 200,
          orphanShare: 1,
          hiddenReferenceShare: 0.5,
          hiddenReferenceRelations: ['gpu_devices', 'hosts', 'disks'],
        },
      },
    });
    try {
      const kinds = new Set(
        sim.admin.labels().flatMap(l => Object.keys(l.references)),
      );
      expect([...kinds].sort()).toEqual(['disks', 'hosts']);
    } finally {
      await sim.stop();
    }
  });
});
