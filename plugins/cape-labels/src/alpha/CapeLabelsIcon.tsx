import { RiPriceTag3Line } from '@remixicon/react';

/**
 * A tag icon for the nav bar and page header (Remix Icon, the icon set of `@backstage/ui`).
 * @public
 */
export const CapeLabelsIcon = () => <RiPriceTag3Line size={24} aria-hidden />;
