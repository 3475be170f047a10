import type { RelationFinding } from '@smartx-cape/plugin-cape-labels-common';
import {
  isObj,
  TowerGraphQLError,
  TowerHttpError,
  TowerResponseError,
  ShapeError,
} from './errors';
import {
  CHECK_LABELS,
  counter,
  dataField,
  listOf,
  nonEmptyString,
  requestedRows,
} from './operations';
import type { LabelLiveState, LabelRelations, UnfilteredField } from './types';
import type { TowerSession } from './session';

/*
 * Which relations `Label` has: a label is unused only when no object references it by any (rule 4),
 * so the live check asks each and the guarded delete repeats `<relation>_none: {}` for each (rule 5).
 */

/**
 * `Label`'s relations in CloudTower's REST API specs and its Go, Node and Python SDKs, for a Tower
 * refusing introspection: older Towers lack some; newer ones may add more, found by introspection only.
 */
export const KNOWN_LABEL_RELATIONS: readonly string[] = [
  'vms',
  'vm_snapshots',
  'vm_templates',
  'vm_volumes',
  'vm_volume_snapshots', // Tower 3.3 and later
  'security_policies',
  'isolation_policies',
  'hosts',
  'clusters',
  'datacenters',
  'disks',
  'nics',
  'vdses',
  'vlans',
  'elf_images',
  'content_library_images', // Towers after 1.10
  'content_library_vm_templates', // Towers after 1.10
  'iscsi_luns',
  'iscsi_lun_snapshots',
  'iscsi_targets',
  'nfs_exports',
  'nfs_inodes',
  'nvmf_namespaces',
  'nvmf_namespace_snapshots',
  'nvmf_subsystems',
  'namespace_groups',
  'gpu_devices', // Tower 3.3 and later
  'consistency_groups',
  'consistency_group_snapshots',
];

/** A name that goes into the documents we send: nothing but a GraphQL name is accepted. */
const GRAPHQL_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;
/** More relations than any Tower has: an answer past this is not believed. */
const MAX_RELATIONS = 200;

const typeWrappers = (depth: number): string =>
  depth ? `kind ofType { ${typeWrappers(depth - 1)} }` : 'kind';

/** Each field's type to eight wrappers deep: past them a list's element is unknown (read directly). */
const INTROSPECT_RELATIONS = /* GraphQL */ `
  query CapeLabelsRelations {
    label: __type(name: "Label") {
      fields {
        name
        args {
          name
        }
        type {
          TYPE_WRAPPERS
        }
      }
    }
    where: __type(name: "LabelWhereInput") {
      inputFields {
        name
      }
    }
  }
`.replace('TYPE_WRAPPERS', typeWrappers(7));

/** The label id the probe filters on: no label has it, so the probe reads nothing. */
const PROBE_LABEL_ID = 'cape-labels-relation-probe';

/** A read whose filter names each relation's `_some` and `_none`: Tower's validation says which it lacks. */
export function probeDocument(relations: readonly string[]): string {
  // Only our own list's names enter the document, never one Tower sent.
  const foreign = relations.find(r => !KNOWN_LABEL_RELATIONS.includes(r));
  if (foreign !== undefined)
    throw new TypeError(`not a built-in relation: ${JSON.stringify(foreign)}`);
  const filters = relations
    .map(r => `{ ${r}_some: {} }, { ${r}_none: {} }`)
    .join(', ');
  return `query CapeLabelsRelationProbe($id: ID) {
  labels(where: { AND: [{ id: $id }, ${filters}] }, first: 1) { id }
}`;
}

const COMPOSITE = new Set(['OBJECT', 'INTERFACE', 'UNION']);

type TypeRef = { kind?: unknown; ofType?: unknown };

function isCompositeList(type: unknown): boolean {
  let sawList = false;
  let t = type as TypeRef | null | undefined;
  while (t && (t.kind === 'LIST' || t.kind === 'NON_NULL')) {
    sawList ||= t.kind === 'LIST';
    t = t.ofType as TypeRef | null | undefined;
  }
  return sawList && (!t || COMPOSITE.has(t.kind as string));
}

export function namesOf(list: unknown, what: string): string[] {
  return listOf(list, `${what} is not a list`).map(item => {
    const name = (item as { name?: unknown } | null)?.name;
    if (typeof name !== 'string') throw new ShapeError(`${what} has no name`);
    return name;
  });
}

function checkedNames(names: readonly string[], what: string): void {
  if (names.length > MAX_RELATIONS)
    throw new ShapeError(`${names.length} ${what} on Label is not credible`);
  const bad = names.find(f => !GRAPHQL_NAME.test(f));
  if (bad !== undefined)
    throw new ShapeError(
      `${what} ${JSON.stringify(bad)} is not a GraphQL name`,
    );
}

function relationSet(
  source: LabelRelations['source'],
  foundBy: Map<string, RelationFinding>,
  unfiltered: UnfilteredField[] = [],
): LabelRelations {
  const fields = [...foundBy.keys()];
  checkedNames(fields, 'relations');
  checkedNames(
    unfiltered.map(f => f.name),
    'list fields',
  );
  if (!foundBy.has('vms')) throw new ShapeError('Label has no `vms` relation');
  return {
    source,
    fields,
    foundBy: Object.fromEntries(foundBy),
    unfiltered,
    lackingBuiltIn: KNOWN_LABEL_RELATIONS.filter(r => !foundBy.has(r)),
    beyondBuiltIn: fields.filter(r => !KNOWN_LABEL_RELATIONS.includes(r)),
  };
}

/** Every name with both `<name>_some` and `<name>_none` filters, whatever its `Label` field. */
function parseIntrospectedRelations(data: unknown): LabelRelations {
  const { label, where } = isObj(data) ? data : {};
  if (!isObj(label) || !isObj(where))
    throw new ShapeError(
      'introspection does not show Label and LabelWhereInput',
    );
  const filters = new Set(namesOf(where.inputFields, 'LabelWhereInput'));
  const foundBy = new Map<string, RelationFinding>();
  for (const filter of filters) {
    const name = /^(.+)_some$/.exec(filter)?.[1];
    if (name && filters.has(`${name}_none`)) foundBy.set(name, 'filters');
  }
  const lists = listOf(label.fields, 'Label has no field list').filter(
    f => isObj(f) && isCompositeList(f.type),
  );
  const unfiltered = namesOf(lists, 'a Label field').flatMap((name, i) => {
    if (foundBy.has(name)) return [];
    const args = (lists[i] as { args?: unknown }).args;
    const paged =
      Array.isArray(args) && namesOf(args, 'an argument').includes('first');
    return [{ name, paged }];
  });
  return relationSet('introspection', foundBy, unfiltered);
}

function relationsUnknown(towerId: string, why: string): TowerResponseError {
  return new TowerResponseError(
    `could not determine which relations of Label reference labels: ${why}`,
    { towerId, operation: 'readRelations', code: 'RELATIONS_UNKNOWN' },
  );
}

function validationMessages(error: unknown): string[] | undefined {
  if (error instanceof TowerGraphQLError) return error.messages;
  if (error instanceof TowerHttpError && error.status === 400)
    return error.messages.length ? error.messages : undefined;
  return undefined;
}

/** The words of Tower's validation refusal of a request, or undefined when it accepted it. */
export const refusalOf = (request: Promise<undefined>) =>
  request.catch((error: unknown) => {
    const messages = validationMessages(error);
    if (!messages) throw error;
    return messages;
  });

/**
 * What Tower has, found once and shared by every caller (a failed discovery is tried again by the
 * next): by introspection, else by `probe` where Tower refuses it.
 */
export function discovery<T>(
  introspect: (signal?: AbortSignal) => Promise<T>,
  probe: (signal?: AbortSignal) => Promise<T>,
): (signal?: AbortSignal) => Promise<T> {
  const discover = async (signal?: AbortSignal) => {
    try {
      return await introspect(signal);
    } catch (error) {
      const unexpected =
        error instanceof TowerResponseError &&
        error.code === 'UNEXPECTED_SHAPE';
      if (!unexpected && validationMessages(error) === undefined) throw error;
    }
    return probe(signal);
  };
  let current: Promise<T> | undefined;
  return signal =>
    (current ??= discover(signal).catch((error: unknown) => {
      current = undefined;
      throw error;
    }));
}

/** Where a message turns to suggesting names it knows; what follows is never evidence. */
const SUGGESTION =
  /\b(?:did you mean|perhaps you meant|maybe you meant|you may have meant|you might mean|similar|suggest|instead|try)\b/i;
const ECHO_CONTEXT = 4;
const FILTER_NAME = /([A-Za-z_][A-Za-z0-9_]*)_(?:some|none)\b/g;

const withoutSpaces = (text: string) => text.replace(/\s+/g, '');

/**
 * Whether a refusal says `type` lacks `field`: both quoted before any suggestion (a document we
 * sent never quotes them, so an echo of it is no evidence).
 */
export function refusedNaming(
  messages: readonly string[],
  field: string,
  type: string,
): boolean {
  return messages.some(message => {
    const refusal = message.split(SUGGESTION)[0];
    return refusal.includes(`"${field}"`) && refusal.includes(`"${type}"`);
  });
}

function namedByRefusal(
  messages: readonly string[],
  candidates: readonly string[],
): string[] {
  const sent = withoutSpaces(probeDocument(candidates));
  const named = new Set<string>();
  for (const message of messages) {
    const refusal = message.split(SUGGESTION)[0];
    for (const match of refusal.matchAll(FILTER_NAME)) {
      const start = match.index ?? 0;
      const around = withoutSpaces(
        message.slice(
          Math.max(0, start - ECHO_CONTEXT),
          start + match[0].length + ECHO_CONTEXT,
        ),
      );
      if (!sent.includes(around)) named.add(match[1]);
    }
  }
  return candidates.filter(c => named.has(c));
}

/** Probes of one relation alone, per run: a refusal naming more than this keeps the rest, unclear. */
export const MAX_ALONE_PROBES = 6;

type AloneVerdict = RelationFinding | 'lacking';

/**
 * Where introspection is refused: the built-in list less what Tower lacks. The probe never reaches
 * a label (its id is no label's); a relation the first probe seems to lack is dropped only when a
 * probe of it alone is refused naming its filters, probes bounded per run, across retries.
 */
export class LabelRelationDiscovery {
  private aloneProbesLeft = MAX_ALONE_PROBES;
  private readonly aloneVerdicts = new Map<string, AloneVerdict>();
  readonly read = discovery(
    signal =>
      this.session.request(
        'readRelations',
        INTROSPECT_RELATIONS,
        {},
        parseIntrospectedRelations,
        signal,
      ),
    signal =>
      this.probe(signal).catch((error: unknown) => {
        if (error instanceof ShapeError)
          throw relationsUnknown(this.session.towerId, error.message);
        throw error;
      }),
  );

  constructor(private readonly session: TowerSession) {}

  private async probe(signal?: AbortSignal): Promise<LabelRelations> {
    const all = [...KNOWN_LABEL_RELATIONS];
    const refusal = await this.probeRefusal(all, signal);
    const foundBy = new Map<string, RelationFinding>(
      all.map(r => [r, 'probe']),
    );
    const suspects = refusal ? namedByRefusal(refusal, all) : [];
    if (refusal && suspects.length === 0)
      throw relationsUnknown(
        this.session.towerId,
        `Tower refused the probe naming none of the relations: ${refusal.join('; ')}`,
      );
    for (const suspect of suspects) {
      let verdict = this.aloneVerdicts.get(suspect);
      if (!verdict && this.aloneProbesLeft > 0) {
        this.aloneProbesLeft--;
        const alone = await this.probeRefusal([suspect], signal);
        if (!alone) verdict = 'probedAlone';
        else if (namedByRefusal(alone, [suspect]).length) verdict = 'lacking';
        else verdict = 'unclear';
        this.aloneVerdicts.set(suspect, verdict);
      }
      if (verdict === 'lacking') foundBy.delete(suspect);
      else foundBy.set(suspect, verdict ?? 'unclear');
    }
    return relationSet('probe', foundBy);
  }

  private probeRefusal(relations: readonly string[], signal?: AbortSignal) {
    return refusalOf(
      this.session.request(
        'readRelations',
        probeDocument(relations),
        { id: PROBE_LABEL_ID },
        () => undefined,
        signal,
      ),
    );
  }
}

export function checkDocument(unfiltered: readonly UnfilteredField[]): string {
  const reads = unfiltered.map(({ name, paged }, i) => {
    if (!GRAPHQL_NAME.test(name))
      throw new TypeError(`not a GraphQL name: ${JSON.stringify(name)}`);
    return `\n      d${i}: ${name}${paged ? '(first: 1)' : ''} { __typename }`;
  });
  return CHECK_LABELS.replace(/total_num\n/, `total_num${reads.join('')}\n`);
}

export function referencesDocument(relationCount: number): string {
  const indexes = Array.from({ length: relationCount }, (_, i) => i);
  const declarations = indexes.map(i => `, $r${i}: LabelWhereInput!`);
  const reads = indexes.map(
    i => `\n  r${i}: labels(where: { AND: [{ id_in: $ids }, $r${i}] }) { id }`,
  );
  return `query CapeLabelsCheckReferences($ids: [ID!]${declarations.join('')}) {${reads.join('')}\n}`;
}

/**
 * The requested ids a list of label rows names; when the list is missing, not a list or holds a
 * row we cannot place, every requested id (so those labels are kept).
 */
function idsIn(
  rows: unknown,
  requested: ReadonlySet<string>,
): ReadonlySet<string> {
  if (!Array.isArray(rows)) return requested;
  const ids = new Set<string>();
  for (const row of rows) {
    if (!isObj(row) || !nonEmptyString(row.id)) return requested;
    if (requested.has(row.id)) ids.add(row.id);
  }
  return ids;
}

type Checked = { totalNum: number | null; held: Set<string> };

/**
 * Each label row's counter and the unfiltered fields that hold it: anything but an empty list (an
 * answer we cannot read keeps the label). Duplicated rows: the larger counter, unknown over known.
 */
function parseCheck(
  data: unknown,
  requested: ReadonlySet<string>,
  unfiltered: readonly UnfilteredField[],
) {
  const rows = new Map<string, Checked>();
  for (const row of requestedRows(data, requested)) {
    const checked = rows.get(row.id) ?? { totalNum: 0, held: new Set() };
    const totalNum = counter(row.total_num);
    checked.totalNum =
      checked.totalNum === null || totalNum === null
        ? null
        : Math.max(checked.totalNum, totalNum);
    unfiltered.forEach(({ name }, i) => {
      const value = row[`d${i}`];
      if (!(Array.isArray(value) && value.length === 0)) checked.held.add(name);
    });
    rows.set(row.id, checked);
  }
  const referenced = idsIn(dataField(data, 'referenced'), requested);
  return { rows, referenced };
}

/**
 * Each label's live `total_num` and what references it (rule 4), in two reads: the second, naming
 * the relation, only for labels the first found referenced. Relation names travel as variables.
 */
export async function readLiveStates(
  session: TowerSession,
  relations: LabelRelations,
  ids: string[],
  signal?: AbortSignal,
): Promise<LabelLiveState[]> {
  const requested = new Set(ids);
  const anyReference = relations.fields.map(r => ({ [`${r}_some`]: {} }));
  const { rows, referenced } = await session.request(
    'checkLabels',
    checkDocument(relations.unfiltered),
    { ids, referenced: anyReference },
    data => parseCheck(data, requested, relations.unfiltered),
    signal,
  );
  // Which relation holds them: asked only of the labels still there that something references.
  const asked = [...referenced].filter(id => rows.has(id));
  const byRelation: ReadonlySet<string>[] = asked.length
    ? await session.request(
        'checkLabels',
        referencesDocument(relations.fields.length),
        {
          ids: asked,
          ...Object.fromEntries(anyReference.map((f, i) => [`r${i}`, f])),
        },
        data =>
          relations.fields.map((_, i) =>
            idsIn(isObj(data) ? data[`r${i}`] : undefined, referenced),
          ),
        signal,
      )
    : [];
  return [...rows].map(([id, { totalNum, held }]) => {
    const referencedBy = [
      ...relations.fields.filter((_, i) => byRelation[i]?.has(id)),
      ...held,
    ];
    return {
      id,
      totalNum,
      referenced: referenced.has(id) || referencedBy.length > 0,
      referencedBy,
    };
  });
}
