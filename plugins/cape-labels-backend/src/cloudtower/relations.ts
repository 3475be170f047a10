import type { RelationFinding } from '@smartx-cape/plugin-cape-labels-common';
import {
  TowerGraphQLError,
  TowerHttpError,
  TowerResponseError,
  ShapeError,
} from './errors';
import type { LabelRelations, UnfilteredField } from './types';

/*
 * Which relations a Tower's `Label` has: every kind of object that can reference a label. A
 * label is unused only when none of them does (rule 4), so the live check asks each of them and
 * the guarded delete repeats `<relation>_none: {}` for each (rule 5). Read once per run, by
 * introspection where Tower allows it, else by probing the built-in list below.
 */

/** A relation public sources show on `Label`, and the Towers that have it. */
export type KnownLabelRelation = { name: string; towers: string };

const ALL_PUBLIC = 'every Tower in the public sources';
const SINCE_3_3 = 'Tower 3.3 and later';
const AFTER_1_10 = 'Towers after 1.10';

/**
 * The relations public sources show on `Label` (CloudTower's REST API specs and the `Label`
 * models of its Go, Node and Python SDKs): used when Tower refuses introspection. Older Towers
 * lack some; newer ones may add more, which only introspection finds.
 */
export const KNOWN_LABEL_RELATION_SOURCES: readonly KnownLabelRelation[] = [
  { name: 'vms', towers: ALL_PUBLIC },
  { name: 'vm_snapshots', towers: ALL_PUBLIC },
  { name: 'vm_templates', towers: ALL_PUBLIC },
  { name: 'vm_volumes', towers: ALL_PUBLIC },
  { name: 'vm_volume_snapshots', towers: SINCE_3_3 },
  { name: 'security_policies', towers: ALL_PUBLIC },
  { name: 'isolation_policies', towers: ALL_PUBLIC },
  { name: 'hosts', towers: ALL_PUBLIC },
  { name: 'clusters', towers: ALL_PUBLIC },
  { name: 'datacenters', towers: ALL_PUBLIC },
  { name: 'disks', towers: ALL_PUBLIC },
  { name: 'nics', towers: ALL_PUBLIC },
  { name: 'vdses', towers: ALL_PUBLIC },
  { name: 'vlans', towers: ALL_PUBLIC },
  { name: 'elf_images', towers: ALL_PUBLIC },
  { name: 'content_library_images', towers: AFTER_1_10 },
  { name: 'content_library_vm_templates', towers: AFTER_1_10 },
  { name: 'iscsi_luns', towers: ALL_PUBLIC },
  { name: 'iscsi_lun_snapshots', towers: ALL_PUBLIC },
  { name: 'iscsi_targets', towers: ALL_PUBLIC },
  { name: 'nfs_exports', towers: ALL_PUBLIC },
  { name: 'nfs_inodes', towers: ALL_PUBLIC },
  { name: 'nvmf_namespaces', towers: ALL_PUBLIC },
  { name: 'nvmf_namespace_snapshots', towers: ALL_PUBLIC },
  { name: 'nvmf_subsystems', towers: ALL_PUBLIC },
  { name: 'namespace_groups', towers: ALL_PUBLIC },
  { name: 'gpu_devices', towers: SINCE_3_3 },
  { name: 'consistency_groups', towers: ALL_PUBLIC },
  { name: 'consistency_group_snapshots', towers: ALL_PUBLIC },
];

/** The names of `KNOWN_LABEL_RELATION_SOURCES`. */
export const KNOWN_LABEL_RELATIONS: readonly string[] =
  KNOWN_LABEL_RELATION_SOURCES.map(r => r.name);

/** A name that goes into the documents we send: nothing but a GraphQL name is accepted. */
export const GRAPHQL_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;
/** More relations than any Tower has: an answer past this is not believed. */
const MAX_RELATIONS = 200;

/*
 * Each field's type with eight levels of wrappers (one fragment of four, then again four levels
 * down): past them a list's element is unknown, and the field is read directly.
 */
const INTROSPECT_RELATIONS = /* GraphQL */ `
  query CapeLabelsRelations {
    label: __type(name: "Label") {
      fields {
        name
        args {
          name
        }
        type {
          ...CapeLabelsTypeWrappers
          ofType {
            ofType {
              ofType {
                ofType {
                  ...CapeLabelsTypeWrappers
                }
              }
            }
          }
        }
      }
    }
    where: __type(name: "LabelWhereInput") {
      inputFields {
        name
      }
    }
  }

  fragment CapeLabelsTypeWrappers on __Type {
    kind
    name
    ofType {
      kind
      name
      ofType {
        kind
        name
        ofType {
          kind
          name
        }
      }
    }
  }
`;

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

type TypeRef = { kind?: unknown; ofType?: unknown };

const COMPOSITE = new Set(['OBJECT', 'INTERFACE', 'UNION']);

/**
 * A list of objects, interfaces or unions, whatever wrappers surround it; also a list whose element
 * lies deeper than introspection was asked to show (it may hold objects).
 */
function isCompositeList(type: unknown): boolean {
  let sawList = false;
  let t = type as TypeRef | null | undefined;
  while (t) {
    if (t.kind === 'LIST') sawList = true;
    else if (COMPOSITE.has(t.kind as string)) return sawList;
    else if (t.kind !== 'NON_NULL') return false;
    t = t.ofType as TypeRef | null | undefined;
  }
  return sawList;
}

function namesOf(list: unknown, what: string): string[] {
  if (!Array.isArray(list)) throw new ShapeError(`${what} is not a list`);
  return list.map(item => {
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

/** The relation set as the run records it: `vms` required, the comparison with the built-in list. */
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

/**
 * The relations introspection shows: every name with both `<name>_some` and `<name>_none` filters
 * on `LabelWhereInput`, whatever its `Label` field looks like (or with none); and the list fields
 * of `Label` that have no such filters, which the live check reads directly.
 */
function parseIntrospectedRelations(data: unknown): LabelRelations {
  const answer = data as {
    label?: { fields?: unknown } | null;
    where?: { inputFields?: unknown } | null;
  } | null;
  if (!answer?.label || !answer.where)
    throw new ShapeError(
      'introspection does not show Label and LabelWhereInput',
    );
  const filters = new Set(namesOf(answer.where.inputFields, 'LabelWhereInput'));
  const foundBy = new Map<string, RelationFinding>();
  for (const filter of filters) {
    const name = filter.endsWith('_some') ? filter.slice(0, -5) : undefined;
    if (name && filters.has(`${name}_none`)) foundBy.set(name, 'filters');
  }
  const fields = answer.label.fields;
  if (!Array.isArray(fields)) throw new ShapeError('Label has no field list');
  const unfiltered = fields
    .filter(f => isCompositeList((f as { type?: unknown } | null)?.type))
    .map(f => ({
      name: namesOf([f], 'a Label field')[0],
      args: (f as { args?: unknown }).args,
    }))
    .filter(f => !foundBy.has(f.name))
    .map(f => ({
      name: f.name,
      paged:
        Array.isArray(f.args) &&
        namesOf(f.args, 'an argument').includes('first'),
    }));
  return relationSet('introspection', foundBy, unfiltered);
}

/** Sends one read to Tower; its answer goes through `parse` (a ShapeError there is malformed). */
type RelationQuery = <T>(
  document: string,
  variables: Record<string, unknown>,
  parse: (data: unknown) => T,
) => Promise<T>;

function relationsUnknown(towerId: string, why: string): TowerResponseError {
  return new TowerResponseError(
    `could not determine which relations of Label reference labels: ${why}`,
    { towerId, operation: 'readRelations', code: 'RELATIONS_UNKNOWN' },
  );
}

/**
 * The words of Tower's validation errors: GraphQL errors in a 200 answer, or in a 400's body
 * (as Apollo answers a document it refuses). Undefined for any other failure.
 */
function validationMessages(error: unknown): string[] | undefined {
  if (error instanceof TowerGraphQLError) return error.messages;
  if (error instanceof TowerHttpError && error.status === 400)
    return error.messages.length ? error.messages : undefined;
  return undefined;
}

/** Refused introspection: Tower's validation errors, or an answer that shows no usable Label. */
function introspectionRefused(error: unknown): boolean {
  return (
    validationMessages(error) !== undefined ||
    (error instanceof TowerResponseError && error.code === 'UNEXPECTED_SHAPE')
  );
}

/** Where a message turns to suggesting names it knows; what follows is never evidence. */
const SUGGESTION =
  /\b(?:did you mean|perhaps you meant|maybe you meant|you may have meant|you might mean|similar|suggest|instead|try)\b/i;
/** Characters either side of a name that, found in the document we sent, show the message echoes it. */
const ECHO_CONTEXT = 4;
const FILTER_NAME = /([A-Za-z_][A-Za-z0-9_]*)_(?:some|none)\b/g;

const withoutSpaces = (text: string) => text.replace(/\s+/g, '');

/**
 * The relations among `candidates` a refusal names as its subject: each message's filter names
 * before any suggestion, less those that only echo the document we sent.
 */
function namedByRefusal(
  messages: readonly string[],
  candidates: readonly string[],
  document: string,
): string[] {
  const known = new Set(candidates);
  const sent = withoutSpaces(document);
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
      if (known.has(match[1]) && !sent.includes(around)) named.add(match[1]);
    }
  }
  return candidates.filter(c => named.has(c));
}

/** Tower's validation messages when it refuses the probe of `relations`; undefined when it accepts. */
async function refusalOf(
  query: RelationQuery,
  relations: readonly string[],
): Promise<string[] | undefined> {
  try {
    await query(probeDocument(relations), { id: PROBE_LABEL_ID }, () => true);
    return undefined;
  } catch (error) {
    const messages = validationMessages(error);
    if (!messages) throw error;
    return messages;
  }
}

/** What a probe of `relation` alone shows: accepted, refused naming its filter (lacking), or unclear. */
function aloneVerdict(
  refusal: string[] | undefined,
  relation: string,
): RelationFinding | 'lacking' {
  if (!refusal) return 'probedAlone';
  const named = namedByRefusal(refusal, [relation], probeDocument([relation]));
  return named.length ? 'lacking' : 'unclear';
}

/** Probes of one relation alone, per run: a refusal naming more than this keeps the rest, unclear. */
export const MAX_ALONE_PROBES = 6;

/**
 * Finds the relations of one Tower's `Label`, once per run (it belongs to the run's client): by
 * introspection, else by probing the built-in list. A probe drops a relation only when a probe of
 * that relation alone is refused naming its filters; the probes alone are bounded per run, across
 * retries of a failed discovery.
 */
export class LabelRelationDiscovery {
  private aloneProbesLeft = MAX_ALONE_PROBES;
  /** What each probe of one relation alone showed ('lacking': Tower refused it naming its filter). */
  private readonly aloneVerdicts = new Map<
    string,
    RelationFinding | 'lacking'
  >();

  constructor(private readonly towerId: string) {}

  /** Anything Tower answers other than a refusal (auth, network, timeouts) is thrown as it is. */
  async discover(query: RelationQuery): Promise<LabelRelations> {
    try {
      return await query(INTROSPECT_RELATIONS, {}, parseIntrospectedRelations);
    } catch (error) {
      if (!introspectionRefused(error)) throw error;
    }
    try {
      return await this.probe(query);
    } catch (error) {
      if (error instanceof ShapeError)
        throw relationsUnknown(this.towerId, error.message);
      throw error;
    }
  }

  /**
   * The built-in list less what Tower lacks. The probe never reaches a label (its id is no
   * label's); a relation the first probe seems to lack is dropped only when Tower refuses it alone.
   */
  private async probe(query: RelationQuery): Promise<LabelRelations> {
    const all = [...KNOWN_LABEL_RELATIONS];
    const refusal = await refusalOf(query, all);
    const foundBy = new Map<string, RelationFinding>(
      all.map(r => [r, 'probe']),
    );
    if (!refusal) return relationSet('probe', foundBy);
    const suspects = namedByRefusal(refusal, all, probeDocument(all));
    if (suspects.length === 0)
      throw relationsUnknown(
        this.towerId,
        `Tower refused the probe naming none of the relations: ${refusal.join('; ')}`,
      );
    for (const suspect of suspects) {
      const verdict = await this.probeAlone(query, suspect);
      if (verdict === 'lacking') foundBy.delete(suspect);
      else foundBy.set(suspect, verdict);
    }
    return relationSet('probe', foundBy);
  }

  /** Each relation is probed alone at most once per run; past the budget it stays, unclear. */
  private async probeAlone(
    query: RelationQuery,
    relation: string,
  ): Promise<RelationFinding | 'lacking'> {
    const earlier = this.aloneVerdicts.get(relation);
    if (earlier) return earlier;
    if (this.aloneProbesLeft === 0) return 'unclear';
    this.aloneProbesLeft--;
    const verdict = aloneVerdict(await refusalOf(query, [relation]), relation);
    this.aloneVerdicts.set(relation, verdict);
    return verdict;
  }
}
