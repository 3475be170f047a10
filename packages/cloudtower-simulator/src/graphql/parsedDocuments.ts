import {
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
  parse,
  validate,
} from 'graphql';

/** A query text parsed and validated against the schema: its document or why it has none. */
type ParsedDocument =
  | { document: DocumentNode; validationErrors: readonly GraphQLError[] }
  | { parseError: string };

/** Distinct query texts remembered per schema; a client sends a handful, an attacker many. */
export const MAX_REMEMBERED = 200;

const remembered = new WeakMap<GraphQLSchema, Map<string, ParsedDocument>>();

function parseAndValidate(
  schema: GraphQLSchema,
  query: string,
): ParsedDocument {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (e) {
    return { parseError: (e as Error).message };
  }
  return { document, validationErrors: validate(schema, document) };
}

/**
 * Parses and validates `query` once per schema, as Tower's GraphQL server caches its documents:
 * a client sends the same few query texts over and over, and parsing and validating them
 * again was a sixth of the simulator's time per request. The oldest text is forgotten first.
 */
export function parsedDocument(
  schema: GraphQLSchema,
  query: string,
): ParsedDocument {
  let bySchema = remembered.get(schema);
  if (!bySchema) {
    bySchema = new Map();
    remembered.set(schema, bySchema);
  }
  const known = bySchema.get(query);
  if (known) return known;
  const parsed = parseAndValidate(schema, query);
  if (bySchema.size >= MAX_REMEMBERED) {
    bySchema.delete(bySchema.keys().next().value as string);
  }
  bySchema.set(query, parsed);
  return parsed;
}
