/**
 * The cape-labels plugin for the new frontend system (the default export; `app.packages: all`
 * discovers it here) and its extensions.
 *
 * @packageDocumentation
 */
export {
  capeLabelsFrontendPlugin as default,
  capeLabelsApi,
  capeLabelsPage,
  capeLabelsHomeWidget,
  capeLabelsEntityCard,
} from './plugin';
export { CapeLabelsCard as CapeLabelsFramedCard } from '../components/CapeLabelsCard';
export type { CapeLabelsCardProps } from '../components/CapeLabelsCard';
