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
import {
  makeRun,
  makeTower,
  mockCapeLabelsApi,
} from '../../__testUtils__/fixtures';

/** A Tower in the middle of a sweep: the one a Stop button would show on. */
const runningTower = makeTower({
  running: true,
  lastRun: makeRun({ status: 'running', finishedAt: null }),
});

// In its own file: usePermission caches answers (SWR) for the whole module.
describe('CapeLabelsCard without the sweep permission', () => {
  it('hides the sweep and stop buttons but still shows the Towers', async () => {
    const authorize = jest
      .fn()
      .mockResolvedValue({ result: AuthorizeResult.DENY });
    await renderInTestApp(
      <TestApiProvider
        apis={[
          [capeLabelsApiRef, mockCapeLabelsApi([runningTower])],
          [permissionApiRef, { ...mockApis.permission(), authorize }],
        ]}
      >
        <CapeLabelsCard />
      </TestApiProvider>,
    );
    expect(
      await screen.findByTestId('cape-tower-prod-a-scanned'),
    ).toHaveTextContent('1,234');
    expect(screen.getByTestId('cape-tower-prod-a-status')).toHaveTextContent(
      'running',
    );
    expect(authorize).toHaveBeenCalledWith(
      expect.objectContaining({
        permission: expect.objectContaining({ name: 'cape-labels.sweep.run' }),
      }),
    );
    expect(screen.queryByText('Sweep now')).not.toBeInTheDocument();
    expect(screen.queryByText('Preview')).not.toBeInTheDocument();
    expect(screen.queryByText('Stop')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Details' })).toBeInTheDocument();
  });
});
