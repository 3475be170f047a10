import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { mockCapeLabelsApi } from '../../__testUtils__/fixtures';
import { renderWithApi } from '../../__testUtils__/renderCard';
import { rootRouteRef, towerRouteRef } from '../../routes';
import { capeLabelsTowerRouteRef } from '../../index';
import capeLabelsPlugin from '../../alpha';
import { CapeLabelsPage } from './CapeLabelsPage';

/** The legacy page mounted at /cape-labels, as an app's routes would. */
async function renderAt(path: string) {
  return renderWithApi(
    mockCapeLabelsApi(),
    <Routes>
      <Route path="/cape-labels/*" element={<CapeLabelsPage />} />
    </Routes>,
    { at: path, mountedRoutes: { '/cape-labels': rootRouteRef } },
  );
}

describe('CapeLabelsPage (legacy frontend system)', () => {
  it('shows its header and the card with a link from each row to the Tower page', async () => {
    await renderAt('/cape-labels');
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'CAPE orphan labels',
      }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: 'History' }),
    ).toHaveAttribute('href', '/cape-labels/towers/prod-a');
  });

  it('shows the Tower page below it', async () => {
    await renderAt('/cape-labels/towers/prod-a');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Production A',
    );
  });
});

describe('the Tower page route in the new frontend system', () => {
  it("is the plugin's `tower` route, the very object the legacy components resolve", () => {
    expect(capeLabelsPlugin.routes.tower).toBe(capeLabelsTowerRouteRef);
    expect(capeLabelsTowerRouteRef).toBe(towerRouteRef);
  });
});
