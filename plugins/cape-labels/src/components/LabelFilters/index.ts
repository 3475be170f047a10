export { LabelFilters } from './LabelFilters';
