/**
 * Frontend of the CAPE label sweeper: API client, card and page.
 *
 * The new frontend system plugin is the default export of `./alpha`.
 *
 * @packageDocumentation
 */
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
