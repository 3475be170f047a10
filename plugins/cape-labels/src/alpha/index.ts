/**
 * Kept for apps that import `@smartx-cape/plugin-cape-labels/alpha`: the
 * same plugin and extensions as the package's main entry.
 */
export {
  capeLabelsFrontendPlugin as default,
  capeLabelsApi,
  capeLabelsPage,
  capeLabelsHomeWidget,
  capeLabelsPageRouteRef,
  capeLabelsTowerRouteRef,
  capeLabelsEntityCard,
} from './plugin';
export {
  CapeLabelsCard,
  CapeLabelsContent,
} from '../components/CapeLabelsCard';
export { CapeLabelsIcon } from './CapeLabelsIcon';
