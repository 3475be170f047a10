/**
 * Frontend of the CAPE label sweeper: API client, card and page.
 *
 * This entry serves apps on the legacy frontend system (`capeLabelsPlugin`, `CapeLabelsPage`,
 * `CapeLabelsCard`, `EntityCapeLabelsCard`) and both systems' shared parts (the API, its
 * client, the translation ref, the icon). The plugin for the new frontend system is the default
 * export of `@smartx-cape/plugin-cape-labels/alpha`, as Backstage's core plugins ship theirs.
 *
 * @packageDocumentation
 */
export { CapeLabelsIcon } from './alpha/CapeLabelsIcon';
export { CapeLabelsContent } from './components/CapeLabelsCard';
export {
  capeLabelsPlugin,
  CapeLabelsCard,
  CapeLabelsPage,
  EntityCapeLabelsCard,
} from './plugin';
export {
  capeLabelsEntityPredicate,
  isCapeLabelsAvailable,
} from './components/EntityCapeLabelsCard';
export {
  rootRouteRef as capeLabelsRouteRef,
  towerRouteRef as capeLabelsTowerRouteRef,
} from './routes';
export * from './api';
export type { CapeLabelsCardProps } from './components/CapeLabelsCard';
export { capeLabelsTranslationRef } from './translation';
