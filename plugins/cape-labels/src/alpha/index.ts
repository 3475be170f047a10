export {
  capeLabelsFrontendPlugin as default,
  capeLabelsApi,
  capeLabelsPage,
  capeLabelsHomeWidget,
  capeLabelsPageRouteRef,
  capeLabelsEntityCard,
} from './plugin';
export {
  CapeLabelsCard,
  CapeLabelsContent,
} from '../components/CapeLabelsCard';
export { CapeLabelsIcon } from './CapeLabelsIcon';
