/**
 * Catalog backend module: configured CloudTowers as `Resource` entities.
 *
 * @packageDocumentation
 */
export { catalogModuleCapeLabelsTowers as default } from './module';
export { CapeLabelsTowerProvider } from './CapeLabelsTowerProvider';
export { createTowerEntityReadDecision } from './towerEntityPermissions';
