import { GraphQLSchema } from 'graphql';
import { createTowerSchema } from './resolvers';

let sharedSchema: GraphQLSchema | undefined;

/** The executable schema is stateless (state comes from the request context), so it is built once. */
export function towerSchema(): GraphQLSchema {
  if (!sharedSchema) sharedSchema = createTowerSchema();
  return sharedSchema;
}
