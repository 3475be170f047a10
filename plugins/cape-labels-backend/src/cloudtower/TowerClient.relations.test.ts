import { createTowerClient } from './TowerClient';
import { TowerResponseError } from './errors';
import { KNOWN_LABEL_RELATIONS } from './relations';
import {
  RawRequest,
  RawServer,
  rawServersEachTest,
} from './__testUtils__/rawServer';
import {
  caught,
  opts,
  relationsIntrospection,
} from './__testUtils__/clientHelpers';

/**
 * A Tower that refuses introspection and knows only `known` of the relation filters; it answers
 * validation errors with `status` (200 as Tower does, 400 as Apollo does).
 */
function refusingTower(known: ReadonlySet<string>, status = 200) {
  return (req: RawRequest) => {
    if (req.operationName === 'CapeLabelsLogin')
      return { json: { data: { login: { token: 'tok-1' } } } };
    if (req.operationName === 'CapeLabelsRelations')
      return {
        status,
        json: {
          data: null,
          errors: [
            {
              message: 'GraphQL introspection is not allowed',
              code: 'GRAPHQL_VALIDATION_FAILED',
            },
          ],
        },
      };
    if (req.operationName === 'CapeLabelsRelationProbe') {
      const named = [...req.query.matchAll(/(\w+)_(some|none):/g)];
      const unknown = named.filter(m => !known.has(m[1]));
      if (unknown.length)
        return {
          status,
          json: {
            data: null,
            errors: unknown.map(m => ({
              // As graphql-js words it, suggesting look-alikes it does know.
              message: `Field "${m[1]}_${m[2]}" is not defined by type "LabelWhereInput". Did you mean "vms_${m[2]}"?`,
              code: 'GRAPHQL_VALIDATION_FAILED',
            })),
          },
        };
      return { json: { data: { labels: [] } } };
    }
    if (req.operationName === 'CapeLabelsCheck')
      return { json: { data: { labels: [] } } };
    return { json: { data: { deleteManyLabels: { count: 0 } } } };
  };
}

const guard = {
  ids: ['a'],
  keys: ['cape-vip'],
  createdBefore: '2020-01-01T00:00:00Z',
};

/** The `<relation>_none` conditions of the delete Tower received. */
function noneFilters(server: RawServer): string[] {
  const del = server.requests.find(
    r => r.operationName === 'CapeLabelsDelete',
  )!;
  const and = (del.variables.where as { AND: Record<string, unknown>[] }).AND;
  return and.flatMap(c => Object.keys(c)).filter(k => k.endsWith('_none'));
}

describe('TowerClient: which relations of Label a label can be held by', () => {
  const start = rawServersEachTest();

  it('takes them from introspection, new ones included, and guards check and delete with each', async () => {
    const relations = ['vms', 'vm_snapshots', 'backup_plans'];
    const server = await start(req => {
      if (req.operationName === 'CapeLabelsLogin')
        return { json: { data: { login: { token: 'tok-1' } } } };
      if (req.operationName === 'CapeLabelsRelations')
        return { json: relationsIntrospection(relations) };
      if (req.operationName === 'CapeLabelsCheck')
        return {
          json: {
            data: {
              labels: [
                { id: 'a', total_num: 0 },
                { id: 'b', total_num: 0 },
              ],
              referenced: [{ id: 'b' }],
            },
          },
        };
      if (req.operationName === 'CapeLabelsCheckReferences')
        return { json: { data: { r0: [], r1: [], r2: [{ id: 'b' }] } } };
      return { json: { data: { deleteManyLabels: { count: 1 } } } };
    });
    const client = createTowerClient(opts(server.url));
    await expect(client.readLabelRelations()).resolves.toEqual({
      source: 'introspection',
      fields: relations,
    });
    await expect(client.checkLabels(['a', 'b'])).resolves.toEqual([
      { id: 'a', totalNum: 0, referenced: false, referencedBy: [] },
      {
        id: 'b',
        totalNum: 0,
        referenced: true,
        referencedBy: ['backup_plans'],
      },
    ]);
    await client.deleteLabelsGuarded(guard);
    expect(noneFilters(server)).toEqual(relations.map(r => `${r}_none`));
    const sent = (name: string) =>
      server.requests.find(r => r.operationName === name)!;
    // Relation names travel as variables only: no document names one.
    expect(sent('CapeLabelsCheck').variables).toEqual({
      ids: ['a', 'b'],
      referenced: [
        { vms_some: {} },
        { vm_snapshots_some: {} },
        { backup_plans_some: {} },
      ],
    });
    // Which relation: asked of the referenced label only.
    expect(sent('CapeLabelsCheckReferences').variables).toEqual({
      ids: ['b'],
      r0: { vms_some: {} },
      r1: { vm_snapshots_some: {} },
      r2: { backup_plans_some: {} },
    });
    for (const name of ['CapeLabelsCheck', 'CapeLabelsCheckReferences'])
      expect(sent(name).query).not.toMatch(/vms|snapshots|backup/);
    expect(sent('CapeLabelsCheckReferences').query).toContain(
      'r2: labels(where: { AND: [{ id_in: $ids }, $r2] })',
    );
    // Read once for the client's life.
    expect(
      server.requests.filter(r => r.operationName === 'CapeLabelsRelations'),
    ).toHaveLength(1);
  });

  it.each([200, 400])(
    'probes the built-in list where introspection is refused (HTTP %i), and never sends a filter Tower refused',
    async status => {
      const lacking = new Set([
        'gpu_devices',
        'namespace_groups',
        'nvmf_subsystems',
      ]);
      const known = new Set(KNOWN_LABEL_RELATIONS.filter(r => !lacking.has(r)));
      const server = await start(refusingTower(known, status));
      const client = createTowerClient(opts(server.url));
      const relations = await client.readLabelRelations();
      expect(relations.source).toBe('probe');
      expect(new Set(relations.fields)).toEqual(known);
      await client.checkLabels(['a']);
      await client.deleteLabelsGuarded(guard);
      expect(noneFilters(server).sort()).toEqual(
        [...known].map(r => `${r}_none`).sort(),
      );
      const sentLater = server.requests
        .filter(r =>
          ['CapeLabelsCheck', 'CapeLabelsDelete'].includes(
            r.operationName ?? '',
          ),
        )
        .map(r => `${r.query}${JSON.stringify(r.variables)}`)
        .join('\n');
      for (const r of lacking) expect(sentLater).not.toContain(r);
      // One probe that failed naming all three, one that passed.
      expect(
        server.requests.filter(
          r => r.operationName === 'CapeLabelsRelationProbe',
        ),
      ).toHaveLength(2);
    },
  );

  it('fails RELATIONS_UNKNOWN, sending no check or delete, when Tower refuses what the probe cannot place', async () => {
    const server = await start(req => {
      if (req.operationName === 'CapeLabelsRelationProbe')
        return {
          json: {
            data: null,
            errors: [{ message: 'Forbidden', code: 'PERMISSION_DENIED' }],
          },
        };
      return refusingTower(new Set(KNOWN_LABEL_RELATIONS))(req);
    });
    const client = createTowerClient(opts(server.url));
    const e = await caught(client.checkLabels(['a']));
    expect(e).toBeInstanceOf(TowerResponseError);
    expect(e.code).toBe('RELATIONS_UNKNOWN');
    expect(e.message).toContain('could not determine which relations of Label');
    expect(e.message).toContain('Forbidden');
    expect(await caught(client.deleteLabelsGuarded(guard))).toMatchObject({
      code: 'RELATIONS_UNKNOWN',
    });
    expect(
      server.requests.filter(r =>
        ['CapeLabelsCheck', 'CapeLabelsDelete'].includes(r.operationName ?? ''),
      ),
    ).toHaveLength(0);
  });

  it('does not believe an introspection without `vms` or with names that are not GraphQL names', async () => {
    for (const relations of [
      ['vm_snapshots'],
      ['vms', 'x) { id } mutation { logout'],
    ]) {
      const server = await start(req =>
        req.operationName === 'CapeLabelsRelations'
          ? { json: relationsIntrospection(relations) }
          : refusingTower(new Set(['vms', 'hosts']))(req),
      );
      const got = await createTowerClient(
        opts(server.url),
      ).readLabelRelations();
      // Fell back to the probe, which found what this Tower really accepts.
      expect(got).toEqual({ source: 'probe', fields: ['vms', 'hosts'] });
    }
  });
});
