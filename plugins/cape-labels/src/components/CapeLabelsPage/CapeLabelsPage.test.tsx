import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import {
  mockApis,
  renderInTestApp,
  TestApiProvider,
} from '@backstage/test-utils';
import { permissionApiRef } from '@backstage/plugin-permission-react';
import { capeLabelsApiRef } from '../../api';
import { mockCapeLabelsApi } from '../../__testUtils__/fixtures';
import { rootRouteRef, towerRouteRef } from '../../routes';
import capeLabelsPlugin, { capeLabelsTowerRouteRef } from '../../index';
import { towerPageTestIds } from '../../testIds';
import { CapeLabelsPage } from './CapeLabelsPage';

/** The legacy page mounted at /cape-labels, as an app's routes would. */
async function renderAt(path: string) {
  return renderInTestApp(
    <TestApiProvider
      apis={[
        [capeLabelsApiRef, mockCapeLabelsApi()],
        [permissionApiRef, mockApis.permission()],
      ]}
    >
      <Routes>
        <Route path="/cape-labels/*" element={<CapeLabelsPage />} />
      </Routes>
    </TestApiProvider>,
    { routeEntries: [path], mountedRoutes: { '/cape-labels': rootRouteRef } },
  );
}

describe('CapeLabelsPage (legacy frontend system)', () => {
  it('shows the card with a link from each row to the Tower page', async () => {
    await renderAt('/cape-labels');
    expect(
      await screen.findByTestId(towerPageTestIds('prod-a').link),
    ).toHaveAttribute('href', '/cape-labels/towers/prod-a');
  });

  it('shows the Tower page below it', async () => {
    await renderAt('/cape-labels/towers/prod-a');
    expect(
      await screen.findByTestId(towerPageTestIds('prod-a').title),
    ).toHaveTextContent('Production A');
  });
});

describe('the Tower page route in the new frontend system', () => {
  it("is the plugin's `tower` route, the very object the legacy components resolve", () => {
    expect(capeLabelsPlugin.routes.tower).toBe(capeLabelsTowerRouteRef);
    expect(capeLabelsTowerRouteRef).toBe(towerRouteRef);
  });
});
