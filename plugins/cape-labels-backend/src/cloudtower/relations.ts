import { toError } from '@backstage/errors';
import {
  TowerGraphQLError,
  TowerHttpError,
  TowerResponseError,
  ShapeError,
} from './errors';
import type { LabelRelations } from './types';

/*
 * Which relations a Tower's `Label` has: every kind of object that can reference a label. A
 * label is unused only when none of them does (rule 4), so the live check asks each of them and
 * the guarded delete repeats `<relation>_none: {}` for each (rule 5). Read once per run, by
 * introspection where Tower allows it, else by probing the built-in list below.
 */

/**
 * The relations public sources show on `Label` (/work/shared/cloudtower/schema.graphql names them):
 * used when Tower refuses introspection. Older Towers lack some; newer ones may add more, which
 * only introspection finds.
 */
export const KNOWN_LABEL_RELATIONS: readonly string[] = [
  'vms',
  'vm_snapshots',
  'vm_templates',
  'vm_volumes',
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
  'content_library_images',
  'content_library_vm_templates',
  'iscsi_luns',
  'iscsi_lun_snapshots',
  'iscsi_targets',
  'nfs_exports',
  'nfs_inodes',
  'nvmf_namespaces',
  'nvmf_namespace_snapshots',
  'nvmf_subsystems',
  'namespace_groups',
  'gpu_devices',
  'consistency_groups',
  'consistency_group_snapshots',
];

/** A relation name goes into the documents we send: nothing but a GraphQL name is accepted. */
const RELATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;
/** More relations than any Tower has: an answer past this is not believed. */
const MAX_RELATIONS = 200;

const INTROSPECT_RELATIONS = /* GraphQL */ `
  query CapeLabelsRelations {
    label: __type(name: "Label") {
      fields {
        name
        type {
          kind
          ofType {
            kind
            ofType {
              kind
              ofType {
                kind
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

/** A list of objects, whatever NON_NULL wrappers surround it: what a relation field returns. */
function isObjectList(type: unknown): boolean {
  let sawList = false;
  let t = type as TypeRef | null | undefined;
  for (let depth = 0; t && depth < 4; depth++) {
    if (t.kind === 'LIST') sawList = true;
    else if (t.kind === 'OBJECT') return sawList;
    else if (t.kind !== 'NON_NULL') return false;
    t = t.ofType as TypeRef | null | undefined;
  }
  return false;
}

function namesOf(list: unknown, what: string): string[] {
  if (!Array.isArray(list)) throw new ShapeError(`${what} is not a list`);
  return list.map(item => {
    const name = (item as { name?: unknown } | null)?.name;
    if (typeof name !== 'string') throw new ShapeError(`${what} has no name`);
    return name;
  });
}

function checked(fields: string[], source: LabelRelations['source']) {
  if (fields.length > MAX_RELATIONS)
    throw new ShapeError(`${fields.length} relations on Label is not credible`);
  const bad = fields.find(f => !RELATION_NAME.test(f));
  if (bad !== undefined)
    throw new ShapeError(
      `relation name ${JSON.stringify(bad)} is not a GraphQL name`,
    );
  if (!fields.includes('vms'))
    throw new ShapeError('Label has no `vms` relation');
  return { source, fields };
}

/**
 * The relations introspection shows: fields of `Label` that list objects and have both
 * `<field>_some` and `<field>_none` filters on `LabelWhereInput`.
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
  const fields = answer.label.fields;
  if (!Array.isArray(fields)) throw new ShapeError('Label has no field list');
  const relations = fields
    .filter(f => isObjectList((f as { type?: unknown } | null)?.type))
    .map(f => namesOf([f], 'a Label field')[0])
    .filter(name => filters.has(`${name}_some`) && filters.has(`${name}_none`));
  return checked(relations, 'introspection');
}

/**
 * Which of `candidates` Tower's validation errors say it does not know: the relations whose
 * `_some` or `_none` filter an error message names.
 */
function unknownRelationsIn(
  messages: readonly string[],
  candidates: readonly string[],
): Set<string> {
  const known = new Set(candidates);
  const unknown = new Set<string>();
  for (const message of messages) {
    // graphql-js suggests look-alikes ('Did you mean "vms_some"?'): those are the ones it knows.
    const refusal = message.split(/did you mean/i)[0];
    for (const match of refusal.matchAll(
      /([A-Za-z_][A-Za-z0-9_]*)_(?:some|none)\b/g,
    )) {
      if (known.has(match[1])) unknown.add(match[1]);
    }
  }
  return unknown;
}

/** Probes after the first: each drops what the previous one's errors named. */
const MAX_PROBES = 4;

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

/**
 * The built-in list less what Tower's validation says it lacks. The probe never reaches a label
 * (its id is no label's), and the filters the sweep sends later are only those it accepted.
 */
async function probeRelations(
  query: RelationQuery,
  towerId: string,
): Promise<LabelRelations> {
  let candidates = [...KNOWN_LABEL_RELATIONS];
  for (let probe = 0; probe <= MAX_PROBES; probe++) {
    try {
      await query(
        probeDocument(candidates),
        { id: PROBE_LABEL_ID },
        () => true,
      );
      return checked(candidates, 'probe');
    } catch (error) {
      if (error instanceof ShapeError)
        throw relationsUnknown(towerId, error.message);
      const messages = validationMessages(error);
      if (!messages) throw error;
      const unknown = unknownRelationsIn(messages, candidates);
      if (unknown.size === 0)
        throw relationsUnknown(towerId, toError(error).message);
      candidates = candidates.filter(c => !unknown.has(c));
    }
  }
  throw relationsUnknown(
    towerId,
    `Tower still refused the filters after ${MAX_PROBES + 1} probes`,
  );
}

/**
 * The relations of Tower's `Label`: introspected, or probed where introspection is refused.
 * Anything else Tower answers (auth, network, timeouts) is thrown as it is.
 */
export async function discoverLabelRelations(
  query: RelationQuery,
  towerId: string,
): Promise<LabelRelations> {
  try {
    return await query(INTROSPECT_RELATIONS, {}, parseIntrospectedRelations);
  } catch (error) {
    if (!introspectionRefused(error)) throw error;
  }
  return probeRelations(query, towerId);
}
