export { analyze, formatError, shapeErrors } from './analyzeRequest';
export type {
  Analysis,
  ExtensionsErrorBody,
  TowerErrorBody,
} from './analyzeRequest';
export type { RequestContext } from './context';
export { SCHEMA_SDL } from './schemaText';
export { towerSchema } from './schema';
export type { SchemaProfile } from './towerDocument';
export { asksIntrospection, INTROSPECTION_REFUSED } from './introspection';
