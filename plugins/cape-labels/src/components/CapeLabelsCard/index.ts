export { CapeLabelsCard, CapeLabelsContent } from './CapeLabelsCard';
export type { CapeLabelsCardProps } from './CapeLabelsCard';
