export {
  capeLabelsFrontendPlugin as default,
  capeLabelsApi,
  capeLabelsPage,
  capeLabelsHomeWidget,
  capeLabelsPageRouteRef,
} from './plugin';
export {
  CapeLabelsCard,
  CapeLabelsContent,
} from '../components/CapeLabelsCard';
export { CapeLabelsIcon } from './CapeLabelsIcon';
