import { screen, within } from '@testing-library/react';
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
import { figure, findTowerRow } from '../../__testUtils__/queries';

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
    const row = await findTowerRow('Production A');
    expect(
      within(figure(row, 'scanned')).getByText('1,234'),
    ).toBeInTheDocument();
    expect(within(row).getByRole('status')).toHaveTextContent('running');
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
