import { within } from '@testing-library/react';
import {
  mockApis,
  renderInTestApp,
  TestApiProvider,
} from '@backstage/test-utils';
import { permissionApiRef } from '@backstage/plugin-permission-react';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { capeLabelsApiRef } from '../../api';
import { CapeLabelsCard } from './CapeLabelsCard';
import { makeTower, mockCapeLabelsApi } from '../../__testUtils__/fixtures';
import { findTowerRow, towerRow } from '../../__testUtils__/queries';

// In its own file: usePermission caches answers (SWR) for the whole module.
describe('CapeLabelsCard with cape-labels.sweep.run decided per Tower', () => {
  it('shows the sweep buttons only on the Towers the policy allows (the Tower id as resourceRef)', async () => {
    const towers = [
      makeTower({ id: 'prod-a', title: 'Production A' }),
      makeTower({ id: 'prod-b', title: 'Production B' }),
    ];
    const permission = mockApis.permission({
      authorize: request =>
        request.resourceRef === 'prod-a'
          ? AuthorizeResult.ALLOW
          : AuthorizeResult.DENY,
    });
    await renderInTestApp(
      <TestApiProvider
        apis={[
          [capeLabelsApiRef, mockCapeLabelsApi(towers)],
          [permissionApiRef, permission],
        ]}
      >
        <CapeLabelsCard />
      </TestApiProvider>,
    );
    expect(
      await within(await findTowerRow('Production A')).findByRole('button', {
        name: 'Sweep now',
      }),
    ).toBeVisible();
    const b = towerRow('Production B');
    expect(
      within(b).getByRole('button', { name: 'Details' }),
    ).toBeInTheDocument();
    expect(
      within(b).queryByRole('button', { name: 'Sweep now' }),
    ).not.toBeInTheDocument();
    expect(
      within(b).queryByRole('button', { name: 'Preview' }),
    ).not.toBeInTheDocument();
  });
});
