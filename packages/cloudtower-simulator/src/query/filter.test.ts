import { fixtureSimulator, gql, NOW } from '../testing';
import { HOUR } from '../time';

const iso = (ms: number) => new Date(ms).toISOString();
const CAPE_KEYS = ['cape-cluster-name', 'cape-namespace', 'cape-vip'];

describe('filters', () => {
  const f = fixtureSimulator();

  async function labelIndexes(where: unknown): Promise<number[]> {
    const r = await gql(
      f.sim.url,
      'query($w: LabelWhereInput) { labels(where: $w) { id } }',
      { w: where },
      f.token,
    );
    expect(r.errors).toBeUndefined();
    return r.data.labels.map((l: { id: string }) => f.labelIds.indexOf(l.id));
  }

  const t = NOW.getTime();
  const cases: [string, (ids: string[]) => unknown, number[]][] = [
    ['{}', () => ({}), [0, 1, 2, 3, 4, 5, 6, 7]],
    ['key', () => ({ key: 'cape-cluster-name' }), [0, 1, 7]],
    ['key_not', () => ({ key_not: 'cape-cluster-name' }), [2, 3, 4, 5, 6]],
    ['key_in', () => ({ key_in: ['cape-vip', 'env'] }), [3, 6]],
    ['key_in empty', () => ({ key_in: [] }), []],
    ['key_not_in', () => ({ key_not_in: CAPE_KEYS }), [4, 5, 6]],
    ['key_contains', () => ({ key_contains: 'cloudtower' }), [5]],
    [
      'key_starts_with',
      () => ({ key_starts_with: 'cape-' }),
      [0, 1, 2, 3, 4, 7],
    ],
    ['key_not_starts_with', () => ({ key_not_starts_with: 'cape-' }), [5, 6]],
    ['value null', () => ({ value: null }), [5]],
    ['value', () => ({ value: 'alpha' }), [0, 7]],
    [
      'value_not (nulls excluded)',
      () => ({ value_not: 'alpha' }),
      [1, 2, 3, 4, 6],
    ],
    ['value_in', () => ({ value_in: ['alpha', 'ns1'] }), [0, 2, 7]],
    ['value_contains', () => ({ value_contains: '10.0' }), [3]],
    ['value_starts_with', () => ({ value_starts_with: 'b' }), [1]],
    ['id', i => ({ id: i[2] }), [2]],
    ['id_not', i => ({ id_not: i[2] }), [0, 1, 3, 4, 5, 6, 7]],
    ['id_in', i => ({ id_in: [i[3], i[1], 'nope'] }), [1, 3]],
    ['id_not_in', i => ({ id_not_in: [i[0]] }), [1, 2, 3, 4, 5, 6, 7]],
    ['id_lt', i => ({ id_lt: i[2] }), [0, 1]],
    ['id_gt', i => ({ id_gt: i[5] }), [6, 7]],
    ['createdAt', () => ({ createdAt: iso(t - 48 * HOUR) }), [0, 1]],
    ['createdAt_lt', () => ({ createdAt_lt: iso(t - 48 * HOUR) }), [3, 4]],
    [
      'createdAt_lte',
      () => ({ createdAt_lte: iso(t - 24 * HOUR) }),
      [0, 1, 3, 4, 6],
    ],
    ['createdAt_gt', () => ({ createdAt_gt: iso(t - 24 * HOUR) }), [2, 5, 7]],
    [
      'createdAt_gte',
      () => ({ createdAt_gte: iso(t - 30 * HOUR) }),
      [2, 5, 6, 7],
    ],
    ['vm_num', () => ({ vm_num: 1 }), [0, 3, 7]],
    ['vm_num_not (nulls excluded)', () => ({ vm_num_not: 1 }), [1, 2, 4, 5]],
    ['vm_num_gt', () => ({ vm_num_gt: 1 }), [4]],
    ['vm_num_gte', () => ({ vm_num_gte: 1 }), [0, 3, 4, 7]],
    ['vm_num_lt', () => ({ vm_num_lt: 1 }), [1, 2, 5]],
    ['vm_num_lte', () => ({ vm_num_lte: 0 }), [1, 2, 5]],
    ['total_num', () => ({ total_num: 0 }), [1, 2]],
    ['total_num_not', () => ({ total_num_not: 0 }), [0, 3, 4, 5, 7]],
    ['total_num_gt', () => ({ total_num_gt: 1 }), [4]],
    ['total_num_gte', () => ({ total_num_gte: 2 }), [4]],
    ['total_num_lt', () => ({ total_num_lt: 1 }), [1, 2]],
    ['total_num_lte', () => ({ total_num_lte: 1 }), [0, 1, 2, 3, 5, 7]],
    [
      'vms_none {} (recycle bin counts, policies do not)',
      () => ({ vms_none: {} }),
      [1, 2, 5, 6],
    ],
    ['vms_some {}', () => ({ vms_some: {} }), [0, 3, 4, 7]],
    [
      'vms_every {} (vacuous)',
      () => ({ vms_every: {} }),
      [0, 1, 2, 3, 4, 5, 6, 7],
    ],
    [
      'vms_some recycle bin',
      () => ({ vms_some: { in_recycle_bin: true } }),
      [3],
    ],
    [
      'vms_every not in recycle bin',
      () => ({ vms_every: { in_recycle_bin: false } }),
      [0, 1, 2, 4, 5, 6, 7],
    ],
    [
      'vms_none by name',
      () => ({ vms_none: { name: 'vm-a' } }),
      [1, 2, 3, 5, 6, 7],
    ],
    [
      'vms_some labels_some (both directions)',
      () => ({ vms_some: { labels_some: { key: 'cape-managed' } } }),
      [0, 4, 7],
    ],
    [
      'AND',
      () => ({ AND: [{ key_starts_with: 'cape-' }, { vms_none: {} }] }),
      [1, 2],
    ],
    [
      'fields in one object are ANDed',
      () => ({ key: 'cape-cluster-name', value: 'alpha' }),
      [0, 7],
    ],
    ['OR', () => ({ OR: [{ key: 'env' }, { value: 'alpha' }] }), [0, 6, 7]],
    ['NOT', () => ({ NOT: [{ key_starts_with: 'cape-' }] }), [5, 6]],
    [
      'NOT list = none of',
      () => ({ NOT: [{ key: 'env' }, { value: null }] }),
      [0, 1, 2, 3, 4, 7],
    ],
    [
      'NOT of a null comparison',
      () => ({ NOT: [{ total_num: 0 }] }),
      [0, 3, 4, 5, 6, 7],
    ],
    [
      'nested AND/OR/NOT',
      () => ({
        OR: [
          {
            AND: [{ key: 'cape-cluster-name' }, { NOT: [{ value: 'alpha' }] }],
          },
          { key: 'cape-vip' },
        ],
      }),
      [1, 3],
    ],
    [
      'key_in + id_gt keyset',
      i => ({
        AND: [{ key_in: ['cape-cluster-name', 'cape-vip'] }, { id_gt: i[0] }],
      }),
      [1, 3, 7],
    ],
    [
      'guarded delete shape',
      i => ({
        AND: [
          { id_in: i },
          { key_in: CAPE_KEYS },
          { createdAt_lte: iso(t - 24 * HOUR) },
          { total_num: 0 },
          { vms_none: {} },
        ],
      }),
      [1],
    ],
  ];

  it.each(cases)('labels where %s', async (_name, where, expected) => {
    expect(await labelIndexes(where(f.labelIds))).toEqual(expected);
  });

  it('serves label fields as the schema says', async () => {
    const r = await gql(
      f.sim.url,
      `{ label(where: {id: "${f.labelIds[5]}"}) { id key value createdAt vm_num total_num security_policy_num } }`,
      undefined,
      f.token,
    );
    expect(r.data.label).toEqual({
      id: f.labelIds[5],
      key: 'system.cloudtower/protected',
      value: null,
      createdAt: iso(t - 10 * HOUR),
      vm_num: 0,
      total_num: 1,
      security_policy_num: 1,
    });
    expect(f.labelIds[5]).toMatch(/^c[0-9a-z]{24}$/);
  });
});
