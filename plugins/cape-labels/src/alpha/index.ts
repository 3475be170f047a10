/**
 * Kept for apps that import `@smartx-cape/plugin-cape-labels/alpha`: everything of the
 * package's main entry, except that `CapeLabelsCard` here is the card component itself (for
 * pages of the new frontend system) rather than the legacy system's component extension.
 */
export * from '../index';
export { default } from '../index';
export { CapeLabelsCard } from '../components/CapeLabelsCard';
