import {
  DefinitionNode,
  DocumentNode,
  FieldDefinitionNode,
  InputValueDefinitionNode,
  Kind,
  parse,
} from 'graphql';
import {
  HOLDER_KINDS,
  HolderRoot,
  LABEL_RELATIONS,
  LabelRelation,
} from '../world';
import { SCHEMA_SDL } from './schemaText';

/** What decides the schema a Tower serves. */
export interface SchemaProfile {
  /** A pre-3.0 Tower: no `authnStrategies`, no source AUTHN, no `auth_config_id`. */
  legacy: boolean;
  /** Label's relations on this Tower (those of the 29 it lacks are dropped, extra ones added). */
  relations: readonly LabelRelation[];
  /** The holders' root queries this Tower serves (the types only it has go with the others). */
  holders: readonly HolderRoot[];
}

const FILTER_MODES = ['some', 'every', 'none'];

/** SDL of a relation the shared schema does not have, shaped like the others there. */
function extraRelationSdl(r: LabelRelation): string {
  const t = r.type;
  return `
type ${t} { id: ID! name: String }
input ${t}WhereInput { AND: [${t}WhereInput!] OR: [${t}WhereInput!] NOT: [${t}WhereInput!] id: ID id_in: [ID!] name: String name_contains: String }
enum ${t}OrderByInput { id_ASC id_DESC name_ASC name_DESC }
extend type Label {
  ${r.counter}: Int
  ${r.field}(first: Int, skip: Int, after: String, before: String, last: Int, orderBy: ${t}OrderByInput, where: ${t}WhereInput): [${t}!]
}
extend input LabelWhereInput { ${FILTER_MODES.map(m => `${r.field}_${m}: ${t}WhereInput`).join(' ')} }
`;
}

function dropSets(profile: SchemaProfile) {
  const present = new Set(profile.relations.map(r => r.field));
  const missing = LABEL_RELATIONS.filter(r => !present.has(r.field));
  const types = new Set(
    missing.flatMap(r => [
      r.type,
      `${r.type}WhereInput`,
      `${r.type}OrderByInput`,
    ]),
  );
  const labelFields = new Set(
    missing.flatMap(r => [
      r.field,
      r.counter,
      ...FILTER_MODES.map(m => `${r.field}_${m}`),
    ]),
  );
  const fields = new Map<string, Set<string>>([
    ['Label', labelFields],
    ['LabelWhereInput', labelFields],
  ]);
  const enumValues = new Map<string, Set<string>>();
  const queryFields = new Set<string>();
  fields.set('Query', queryFields);
  for (const holder of HOLDER_KINDS) {
    if (profile.holders.includes(holder.root)) continue;
    queryFields.add(holder.root);
    // The 3.0 types are also relations' types (SecurityPolicy, IsolationPolicy): they stay.
    if (holder.since !== '3.0')
      [holder.type, `${holder.type}WhereInput`].forEach(t => types.add(t));
  }
  if (profile.legacy) {
    types.add('AuthnStrategy');
    queryFields.add('authnStrategies');
    fields.set('LoginInput', new Set(['auth_config_id']));
    enumValues.set('UserSource', new Set(['AUTHN']));
  }
  return { types, fields, enumValues };
}

function prune(
  def: DefinitionNode,
  drop: ReturnType<typeof dropSets>,
): DefinitionNode[] {
  if (!('name' in def) || !def.name) return [def];
  const name = def.name.value;
  if (drop.types.has(name)) return [];
  const fields = drop.fields.get(name);
  if (fields && 'fields' in def && def.fields) {
    const kept = (
      def.fields as readonly (FieldDefinitionNode | InputValueDefinitionNode)[]
    ).filter(f => !fields.has(f.name.value));
    return [{ ...def, fields: kept } as unknown as DefinitionNode];
  }
  const values = drop.enumValues.get(name);
  if (values && def.kind === Kind.ENUM_TYPE_DEFINITION)
    return [
      { ...def, values: def.values?.filter(v => !values.has(v.name.value)) },
    ];
  return [def];
}

/** The schema document of one Tower: the shared schema, pruned for its version, plus extra relations. */
export function towerDocument(profile: SchemaProfile): DocumentNode {
  const base = parse(SCHEMA_SDL);
  const drop = dropSets(profile);
  const known = new Set(LABEL_RELATIONS.map(r => r.field));
  const extras = profile.relations.filter(r => !known.has(r.field));
  const added = extras.length
    ? parse(extras.map(extraRelationSdl).join('\n')).definitions
    : [];
  return {
    ...base,
    definitions: [...base.definitions.flatMap(d => prune(d, drop)), ...added],
  };
}
