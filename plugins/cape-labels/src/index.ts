/**
 * Frontend of the CAPE label sweeper: API client, card and page.
 *
 * The default export is the plugin for the new frontend system; the named
 * exports `capeLabelsPlugin`, `CapeLabelsPage` and `CapeLabelsCard` serve
 * apps on the legacy frontend system.
 *
 * @packageDocumentation
 */
export {
  capeLabelsFrontendPlugin as default,
  capeLabelsApi,
  capeLabelsPage,
  capeLabelsHomeWidget,
  capeLabelsPageRouteRef,
  capeLabelsTowerRouteRef,
  capeLabelsEntityCard,
} from './alpha/plugin';
export { CapeLabelsIcon } from './alpha/CapeLabelsIcon';
export { CapeLabelsContent } from './components/CapeLabelsCard';
export {
  capeLabelsPlugin,
  CapeLabelsCard,
  CapeLabelsPage,
  EntityCapeLabelsCard,
} from './plugin';
export { isCapeLabelsAvailable } from './components/EntityCapeLabelsCard';
export { rootRouteRef as capeLabelsRouteRef } from './routes';
export {
  capeLabelsApiRef,
  CapeLabelsClient,
  SweepAlreadyRunningError,
  isSweepAlreadyRunningError,
} from './api';
export type {
  CapeLabelsApi,
  ListOutcomesOptions,
  ListRunsOptions,
  OutcomesPage,
  RequestSweepOptions,
} from './api';
export type { CapeLabelsCardProps } from './components/CapeLabelsCard';
export { capeLabelsTranslationRef } from './translation';
