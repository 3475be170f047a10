// The legacy frontend system's lines of docs/install-extras.md, copied into the install test's
// portal (packages/app/src) and type-checked and linted there: a route, a sidebar item and the card
// on a home page, from the package's main entry point.
import { Route } from 'react-router-dom';
import { SidebarItem } from '@backstage/core-components';
import {
  CapeLabelsCard,
  CapeLabelsIcon,
  CapeLabelsPage,
  capeLabelsRouteRef,
} from '@smartx-cape/plugin-cape-labels';

export const capeLabelsRoute = (
  <Route path="/cape-labels" element={<CapeLabelsPage />} />
);

export const capeLabelsSidebarItem = (
  <SidebarItem icon={CapeLabelsIcon} to="cape-labels" text="CAPE labels" />
);

export const homePageCard = <CapeLabelsCard />;

export { capeLabelsRouteRef };
