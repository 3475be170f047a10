import { createTowerClient } from './TowerClient';
import { TowerResponseError } from './errors';
import { KNOWN_LABEL_RELATIONS, MAX_ALONE_PROBES } from './relations';
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

/** How graphql-js words an unknown filter, suggesting look-alikes it does know. */
const graphqlJsWording = (field: string, suggested: string) =>
  `Field "${field}" is not defined by type "LabelWhereInput". Did you mean "${suggested}"?`;

/**
 * A Tower that refuses introspection and knows only `known` of the relation filters; it answers
 * validation errors with `status` (200 as Tower does, 400 as Apollo does), worded by `wording`.
 */
function refusingTower(
  known: ReadonlySet<string>,
  status = 200,
  wording: (field: string, lookAlike: string) => string = graphqlJsWording,
) {
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
              message: wording(`${m[1]}_${m[2]}`, lookAlike(m[1], known, m[2])),
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

/** A filter of `known` that shares the unknown relation's first word, as a suggester picks one. */
function lookAlike(
  unknown: string,
  known: ReadonlySet<string>,
  mode: string,
): string {
  const word = unknown.split('_')[0];
  const like = [...known].find(k => k !== unknown && k.startsWith(word));
  return `${like ?? 'vms'}_${mode}`;
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
  return Object.keys(del.variables.where as Record<string, unknown>).filter(k =>
    k.endsWith('_none'),
  );
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
      foundBy: {
        vms: 'filters',
        vm_snapshots: 'filters',
        backup_plans: 'filters',
      },
      unfiltered: [],
      lackingBuiltIn: KNOWN_LABEL_RELATIONS.filter(r => !relations.includes(r)),
      beyondBuiltIn: ['backup_plans'],
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
      expect(new Set(relations.lackingBuiltIn)).toEqual(lacking);
      expect(new Set(Object.values(relations.foundBy))).toEqual(
        new Set(['probe']),
      );
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
      // One probe that failed naming all three, then each of them alone.
      const probes = server.requests.filter(
        r => r.operationName === 'CapeLabelsRelationProbe',
      );
      expect(probes).toHaveLength(1 + lacking.size);
      expect(
        new Set(
          probes.slice(1).map(p => p.query.match(/\w+(?=_some)/g)?.join()),
        ),
      ).toEqual(lacking);
    },
  );

  it('fails RELATIONS_UNKNOWN, sending no check or delete, when Tower refuses what the probe cannot place', async () => {
    const server = await start(req => {
      if (req.operationName === 'CapeLabelsRelationProbe')
        return {
          json: {
            data: null,
            errors: [{ message: 'Forbidden', code: 'FORBIDDEN' }],
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
      const accepts = KNOWN_LABEL_RELATIONS.filter(r => r !== 'nics');
      const server = await start(req =>
        req.operationName === 'CapeLabelsRelations'
          ? { json: relationsIntrospection(relations) }
          : refusingTower(new Set(accepts))(req),
      );
      const got = await createTowerClient(
        opts(server.url),
      ).readLabelRelations();
      // Fell back to the probe, which found what this Tower really accepts.
      expect(got).toMatchObject({
        source: 'probe',
        fields: accepts,
        lackingBuiltIn: ['nics'],
      });
    }
  });

  it('reads every name with _some and _none filters as a relation, whatever its field looks like, and reads list fields without filters directly', async () => {
    const wrap = (...kinds: string[]): object =>
      kinds.reduceRight<object | null>(
        (ofType, kind) => ({ kind, name: null, ofType }),
        null,
      )!;
    const named = (kind: string, name: string) => ({
      kind,
      name,
      ofType: null,
    });
    const listOf = (inner: object, ...wrappers: string[]) =>
      wrappers.reduceRight(
        (ofType, kind) => ({ kind, name: null, ofType }),
        inner,
      );
    const filtered = [
      'vms',
      'hosts',
      'vm_snapshots',
      'vm_volume_snapshots',
      'gpu_devices',
    ];
    const introspection = {
      data: {
        label: {
          fields: [
            { name: 'id', args: [], type: wrap('NON_NULL', 'SCALAR') },
            {
              name: 'vms',
              args: [{ name: 'first' }],
              type: listOf(named('OBJECT', 'Vm'), 'LIST', 'NON_NULL'),
            },
            // An interface, a union, a list wrapped deeper than four levels.
            {
              name: 'hosts',
              args: [],
              type: listOf(named('INTERFACE', 'Host'), 'LIST'),
            },
            {
              name: 'vm_snapshots',
              args: [],
              type: listOf(
                named('UNION', 'Snap'),
                'NON_NULL',
                'LIST',
                'NON_NULL',
              ),
            },
            {
              name: 'vm_volume_snapshots',
              args: [],
              type: listOf(
                named('OBJECT', 'VmVolumeSnapshot'),
                'NON_NULL',
                'LIST',
                'NON_NULL',
                'LIST',
                'NON_NULL',
              ),
            },
            // `gpu_devices` has filters and no field at all. A list of scalars is no relation.
            {
              name: 'tags',
              args: [],
              type: listOf(named('SCALAR', 'String'), 'LIST'),
            },
            // A list of objects with no filters: the check reads it.
            {
              name: 'audit_events',
              args: [{ name: 'first' }],
              type: listOf(named('OBJECT', 'AuditEvent'), 'LIST', 'NON_NULL'),
            },
          ],
        },
        where: {
          inputFields: [
            { name: 'id_in' },
            { name: 'half_some' },
            ...filtered.flatMap(r => [
              { name: `${r}_some` },
              { name: `${r}_every` },
              { name: `${r}_none` },
            ]),
          ],
        },
      },
    };
    const server = await start(req => {
      if (req.operationName === 'CapeLabelsLogin')
        return { json: { data: { login: { token: 'tok-1' } } } };
      if (req.operationName === 'CapeLabelsRelations')
        return { json: introspection };
      if (req.operationName === 'CapeLabelsCheck')
        return {
          json: {
            data: {
              labels: [
                { id: 'a', total_num: 0, d0: [] },
                { id: 'b', total_num: 0, d0: [{ __typename: 'AuditEvent' }] },
              ],
              referenced: [],
            },
          },
        };
      return { json: { data: { deleteManyLabels: { count: 1 } } } };
    });
    const client = createTowerClient(opts(server.url));
    const relations = await client.readLabelRelations();
    expect(relations).toEqual({
      source: 'introspection',
      fields: filtered,
      foundBy: Object.fromEntries(filtered.map(r => [r, 'filters'])),
      unfiltered: [{ name: 'audit_events', paged: true }],
      lackingBuiltIn: KNOWN_LABEL_RELATIONS.filter(r => !filtered.includes(r)),
      beyondBuiltIn: [],
    });
    await expect(client.checkLabels(['a', 'b'])).resolves.toEqual([
      { id: 'a', totalNum: 0, referenced: false, referencedBy: [] },
      {
        id: 'b',
        totalNum: 0,
        referenced: true,
        referencedBy: ['audit_events'],
      },
    ]);
    const check = server.requests.find(
      r => r.operationName === 'CapeLabelsCheck',
    )!;
    expect(check.query).toContain('d0: audit_events(first: 1) { __typename }');
    await client.deleteLabelsGuarded(guard);
    expect(noneFilters(server)).toEqual(filtered.map(r => `${r}_none`));
  });

  it('keeps a label whose unfiltered field Tower answers with anything but an empty list', async () => {
    const server = await start(req => {
      if (req.operationName === 'CapeLabelsLogin')
        return { json: { data: { login: { token: 'tok-1' } } } };
      if (req.operationName === 'CapeLabelsRelations') {
        const answer = relationsIntrospection(['vms']);
        answer.data.label.fields.push({
          name: 'audit_events',
          type: { kind: 'LIST', ofType: { kind: 'OBJECT' } },
        } as (typeof answer.data.label.fields)[number]);
        return { json: answer };
      }
      return {
        json: {
          data: {
            labels: [
              { id: 'a', total_num: 0, d0: null },
              { id: 'b', total_num: 0 },
              { id: 'c', total_num: 0, d0: [] },
            ],
            referenced: [],
          },
        },
      };
    });
    const client = createTowerClient(opts(server.url));
    const states = await client.checkLabels(['a', 'b', 'c']);
    expect(states.map(l => [l.id, l.referenced])).toEqual([
      ['a', true],
      ['b', true],
      ['c', false],
    ]);
    // Not paged: the field takes no `first`.
    expect(
      server.requests.find(r => r.operationName === 'CapeLabelsCheck')!.query,
    ).toContain('d0: audit_events { __typename }');
  });

  it.each([
    [
      'Perhaps you meant',
      (field: string) =>
        `Unknown field '${field}' on LabelWhereInput. Perhaps you meant 'nvmf_namespaces_some' or 'nvmf_namespace_snapshots_none'?`,
    ],
    [
      'a wording it does not know',
      (field: string) =>
        `LabelWhereInput has no ${field}; close to nvmf_namespaces_some, nvmf_namespace_snapshots_none`,
    ],
  ])(
    'a Tower suggesting look-alikes with "%s": drops only the relation it lacks',
    async (_, wording) => {
      const known = new Set(
        KNOWN_LABEL_RELATIONS.filter(r => r !== 'nvmf_subsystems'),
      );
      const server = await start(refusingTower(known, 200, wording));
      const client = createTowerClient(opts(server.url));
      const relations = await client.readLabelRelations();
      expect(relations.fields).toEqual([...known]);
      expect(relations.lackingBuiltIn).toEqual(['nvmf_subsystems']);
      expect(
        Object.values(relations.foundBy).filter(f => f !== 'probe').length,
      ).toBeLessThanOrEqual(2);
      const probes = server.requests.filter(
        r => r.operationName === 'CapeLabelsRelationProbe',
      );
      expect(probes.length).toBeLessThanOrEqual(1 + 3);
    },
  );

  it('never takes a name Tower echoes from the document as evidence', async () => {
    const known = new Set(
      KNOWN_LABEL_RELATIONS.filter(r => r !== 'gpu_devices'),
    );
    const server = await start(req => {
      if (req.operationName === 'CapeLabelsRelationProbe') {
        const lacksOne = req.query.includes('gpu_devices_some');
        if (lacksOne)
          return {
            json: {
              data: null,
              errors: [
                {
                  message: `Field "gpu_devices_some" is not defined by type "LabelWhereInput". Document: ${req.query}`,
                },
              ],
            },
          };
      }
      return refusingTower(known)(req);
    });
    const relations = await createTowerClient(
      opts(server.url),
    ).readLabelRelations();
    expect(relations.fields).toEqual([...known]);
    expect(relations.lackingBuiltIn).toEqual(['gpu_devices']);
    // The first probe and gpu_devices alone: no other relation was suspected.
    expect(
      server.requests.filter(
        r => r.operationName === 'CapeLabelsRelationProbe',
      ),
    ).toHaveLength(2);
  });

  it('keeps a relation the evidence does not show Tower lacks; its filter then fails the check loudly', async () => {
    const server = await start(req => {
      if (req.operationName === 'CapeLabelsRelationProbe') {
        const alone = !req.query.includes('vms_some');
        if (req.query.includes('hosts_some'))
          return {
            json: {
              data: null,
              errors: [
                {
                  message: alone
                    ? 'Validation failed'
                    : 'Field "hosts_some" is not defined by type "LabelWhereInput".',
                },
              ],
            },
          };
      }
      if (req.operationName === 'CapeLabelsCheck')
        return {
          json: {
            data: null,
            errors: [
              {
                message:
                  'Field "hosts_some" is not defined by type "LabelWhereInput".',
              },
            ],
          },
        };
      return refusingTower(new Set(KNOWN_LABEL_RELATIONS))(req);
    });
    const client = createTowerClient(opts(server.url));
    const relations = await client.readLabelRelations();
    expect(relations.fields).toContain('hosts');
    expect(relations.foundBy.hosts).toBe('unclear');
    expect(relations.lackingBuiltIn).toEqual([]);
    await expect(client.checkLabels(['a'])).rejects.toThrow(/hosts_some/);
  });

  it(`probes at most ${MAX_ALONE_PROBES} relations alone per run; the others stay, unclear`, async () => {
    const lacking = KNOWN_LABEL_RELATIONS.slice(1, 1 + MAX_ALONE_PROBES + 3);
    const known = new Set(
      KNOWN_LABEL_RELATIONS.filter(r => !lacking.includes(r)),
    );
    const server = await start(refusingTower(known));
    const client = createTowerClient(opts(server.url));
    const relations = await client.readLabelRelations();
    const probes = server.requests.filter(
      r => r.operationName === 'CapeLabelsRelationProbe',
    );
    expect(probes).toHaveLength(1 + MAX_ALONE_PROBES);
    expect(relations.lackingBuiltIn).toHaveLength(MAX_ALONE_PROBES);
    const unclear = relations.fields.filter(
      r => relations.foundBy[r] === 'unclear',
    );
    expect(unclear).toHaveLength(3);
    expect(new Set([...relations.lackingBuiltIn, ...unclear])).toEqual(
      new Set(lacking),
    );
  });

  it('probes a relation alone once per run: a discovery tried again reuses what it showed', async () => {
    // A Tower lacking `vms` cannot be swept; each try of the run fails RELATIONS_UNKNOWN.
    const known = new Set(KNOWN_LABEL_RELATIONS.filter(r => r !== 'vms'));
    const server = await start(refusingTower(known));
    const client = createTowerClient(opts(server.url));
    for (let i = 0; i < 3; i++)
      expect(await caught(client.readLabelRelations())).toMatchObject({
        code: 'RELATIONS_UNKNOWN',
      });
    const alone = server.requests.filter(
      r =>
        r.operationName === 'CapeLabelsRelationProbe' &&
        !r.query.includes('hosts_some'),
    );
    expect(alone).toHaveLength(1);
  });
});
