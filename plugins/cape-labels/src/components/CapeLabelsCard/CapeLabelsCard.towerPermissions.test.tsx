import { screen } from '@testing-library/react';
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
    expect(await screen.findByTestId('cape-tower-prod-a-sweep')).toBeVisible();
    expect(screen.getByTestId('cape-tower-prod-b-expand')).toBeInTheDocument();
    expect(
      screen.queryByTestId('cape-tower-prod-b-sweep'),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByTestId('cape-tower-prod-b-preview'),
    ).not.toBeInTheDocument();
  });
});
