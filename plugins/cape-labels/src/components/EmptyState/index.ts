export { EmptyState } from './EmptyState';
