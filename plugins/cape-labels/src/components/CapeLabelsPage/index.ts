export { CapeLabelsPage, CapeLabelsPageContent } from './CapeLabelsPage';
