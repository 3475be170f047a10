/**
 * Types and permissions shared by the cape-labels backend and frontend plugins.
 *
 * @packageDocumentation
 */
export * from './types';
export * from './runErrorCode';
export * from './runCounts';
export * from './permissions';
export * from './towerDirectory';
export * from './signals';
export type { components, operations, paths } from './schema/openapi.generated';
