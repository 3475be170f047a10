export { analyze, formatError, shapeErrors } from './analyzeRequest';
export type { TowerErrorBody } from './analyzeRequest';
export type { RequestContext } from './context';
export { SCHEMA_SDL } from './schemaText';
export { towerSchema } from './schema';
export { asksIntrospection, INTROSPECTION_REFUSED } from './introspection';
export { LockedLabelRefusal } from './resolvers';
