import { GraphQLSchema } from 'graphql';
import { createTowerSchema } from './resolvers';
import type { SchemaProfile } from './towerDocument';

const built = new Map<string, GraphQLSchema>();

/**
 * The executable schema is stateless (state comes from the request context), so it is built once
 * per kind of Tower (version and relations) and shared by every Tower of that kind.
 */
export function towerSchema(profile: SchemaProfile): GraphQLSchema {
  const key = `${profile.legacy}|${profile.relations.map(r => r.field).join(',')}|${profile.holders.join(',')}`;
  let schema = built.get(key);
  if (!schema) {
    schema = createTowerSchema(profile);
    built.set(key, schema);
  }
  return schema;
}
