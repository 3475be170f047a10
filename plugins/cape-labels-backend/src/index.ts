/**
 * Backend plugin that sweeps orphan CAPE labels out of SmartX CloudTower.
 *
 * @packageDocumentation
 */
export { capeLabelsPlugin as default } from './plugin';
export {
  capeLabelsTowerConditions,
  capeLabelsTowerPermissionRules,
  capeLabelsTowerResourceRef,
  createCapeLabelsTowerConditionalDecision,
  type CapeLabelsTower,
  type CapeLabelsTowerQuery,
} from './permissions/towerPermissions';
