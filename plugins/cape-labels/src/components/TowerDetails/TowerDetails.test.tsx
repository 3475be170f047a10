import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  makeRun,
  makeTower,
  mockCapeLabelsApi,
} from '../../__testUtils__/fixtures';
import { renderCard } from '../../__testUtils__/renderCard';

describe('CapeLabelsCard details', () => {
  it('shows the last run details with its outcomes when a Tower is expanded', async () => {
    const api = mockCapeLabelsApi([
      makeTower({
        lastRun: makeRun({
          status: 'partial',
          durationMs: 65_000,
          instance: 'replica-7',
          error: { message: 'cap reached', code: 'CAP' },
          relations: {
            source: 'probe',
            checked: ['vms', 'vm_snapshots', 'hosts'],
          },
        }),
      }),
    ]);
    api.listOutcomes.mockImplementation(
      async (_runId: string, opts: { offset?: number }) => ({
        items:
          (opts.offset ?? 0) === 0
            ? [
                {
                  labelId: 'l1',
                  key: 'cape-cluster-name',
                  value: 'c1',
                  createdAt: '2026-01-01T00:00:00Z',
                  action: 'deleted',
                },
                {
                  labelId: 'l2',
                  key: 'cape-vip',
                  value: '10.0.0.1',
                  createdAt: '2026-01-01T00:00:00Z',
                  action: 'kept',
                  reason: 'referenced',
                  relation: 'vm_snapshots',
                },
              ]
            : [
                {
                  labelId: 'l11',
                  key: 'cape-namespace',
                  value: 'ns',
                  createdAt: '2026-01-01T00:00:00Z',
                  action: 'kept',
                  reason: 'cap',
                },
              ],
        total: 11,
      }),
    );
    api.listRuns.mockResolvedValue([
      makeRun({
        id: 'run-0',
        status: 'aborted',
        counts: {
          scanned: 9,
          candidates: 0,
          deleted: 0,
          wouldDelete: 0,
          kept: 0,
          failed: 0,
        },
      }),
    ]);
    await renderCard(api);

    expect(screen.queryByText('Last run')).not.toBeInTheDocument();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Details' }),
    );

    const details = (await screen.findByText('Last run')).parentElement!;
    expect(
      await within(details).findByRole('row', { name: 'cape-cluster-name=c1' }),
    ).toHaveTextContent('cape-cluster-name=c1');
    expect(
      within(details).getByRole('row', { name: 'cape-cluster-name=c1' }),
    ).toHaveTextContent('deleted');
    expect(
      within(details).getByRole('row', { name: 'cape-vip=10.0.0.1' }),
    ).toHaveTextContent('referenced (vm_snapshots)');
    const relations = within(details).getByTitle('vms, vm_snapshots, hosts');
    expect(relations).toHaveTextContent(
      '3 kinds of object (probed: Tower refuses introspection)',
    );
    expect(relations).toHaveAttribute('title', 'vms, vm_snapshots, hosts');
    expect(within(details).getByText('replica-7')).toHaveTextContent(
      'replica-7',
    );
    expect(within(details).getByText('1 min 5 s')).toHaveTextContent(
      '1 min 5 s',
    );
    expect(within(details).getByText(/cap reached/)).toHaveTextContent(
      'cap reached',
    );
    expect(api.listOutcomes).toHaveBeenCalledWith('run-1', {
      limit: 10,
      offset: 0,
      action: undefined,
    });
    expect(api.listRuns).toHaveBeenCalledWith('prod-a', {
      limit: 5,
      before: 'run-1',
    });
    expect(
      await within(details).findByRole('list', { name: 'Earlier runs' }),
    ).toHaveTextContent('aborted');
    expect(within(details).getByText('1–10 of 11')).toBeInTheDocument();

    await userEvent.click(
      within(details).getByRole('button', { name: 'Next table page' }),
    );
    expect(
      await within(details).findByRole('row', { name: 'cape-namespace=ns' }),
    ).toHaveTextContent('cap');
    expect(api.listOutcomes).toHaveBeenLastCalledWith('run-1', {
      limit: 10,
      offset: 10,
      action: undefined,
    });

    await userEvent.click(within(details).getByText('Kept'));
    await waitFor(() =>
      expect(api.listOutcomes).toHaveBeenLastCalledWith('run-1', {
        limit: 10,
        offset: 0,
        action: 'kept',
      }),
    );
  });

  it('says a run the scheduler endpoint started was an external preview', async () => {
    const api = mockCapeLabelsApi([
      makeTower({ lastRun: makeRun({ trigger: 'external', dryRun: true }) }),
    ]);
    await renderCard(api);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Details' }),
    );
    const details = (await screen.findByText('Last run')).parentElement!;
    expect(
      within(details).getByText('external (scheduler endpoint, preview only)'),
    ).toHaveTextContent('external (scheduler endpoint, preview only)');
  });
});
