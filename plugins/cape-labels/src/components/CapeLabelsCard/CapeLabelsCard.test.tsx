import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  mockApis,
  renderInTestApp,
  TestApiProvider,
} from '@backstage/test-utils';
import { permissionApiRef } from '@backstage/plugin-permission-react';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { capeLabelsApiRef, SweepAlreadyRunningError } from '../../api';
import { CapeLabelsCard } from './CapeLabelsCard';
import {
  makeRun,
  makeTower,
  MockCapeLabelsApi,
  mockCapeLabelsApi,
} from './testFixtures';

async function renderCard(
  api: MockCapeLabelsApi,
  options: { allowed?: boolean; pollIntervalMs?: number } = {},
) {
  const permissionApi = mockApis.permission({
    authorize:
      options.allowed === false ? AuthorizeResult.DENY : AuthorizeResult.ALLOW,
  });
  return renderInTestApp(
    <TestApiProvider
      apis={[
        [capeLabelsApiRef, api],
        [permissionApiRef, permissionApi],
      ]}
    >
      <CapeLabelsCard pollIntervalMs={options.pollIntervalMs ?? 20} />
    </TestApiProvider>,
  );
}

describe('CapeLabelsCard', () => {
  it('shows progress while loading', async () => {
    const api = mockCapeLabelsApi();
    api.listTowers.mockReturnValue(new Promise(() => {}));
    await renderCard(api);
    expect(screen.getByText('CAPE orphan labels')).toBeInTheDocument();
    expect(screen.getByTestId('cape-labels-loading')).toBeInTheDocument();
    expect(screen.queryByTestId('cape-labels-towers')).not.toBeInTheDocument();
  });

  it('explains how to configure Towers when none is configured', async () => {
    await renderCard(mockCapeLabelsApi([]));
    const empty = await screen.findByTestId('cape-labels-empty');
    expect(empty).toHaveTextContent('capeLabels.towers');
    expect(empty).toHaveTextContent('app-config.yaml');
    expect(empty).toHaveTextContent('server: https://tower-a.example.com');
  });

  it('shows an error panel when the backend is unreachable', async () => {
    const api = mockCapeLabelsApi();
    api.listTowers.mockRejectedValue(new TypeError('Failed to fetch'));
    await renderCard(api);
    const panel = await screen.findByTestId('cape-labels-error');
    expect(panel).toHaveTextContent('Failed to fetch');
    expect(screen.queryByTestId('cape-labels-empty')).not.toBeInTheDocument();
  });

  it('shows one failing Tower with its error while the others are fine', async () => {
    const api = mockCapeLabelsApi([
      makeTower(),
      makeTower({
        id: 'prod-b',
        title: 'Production B',
        server: 'https://tower-b.example.com',
        dryRun: true,
        lastRun: makeRun({
          id: 'run-b',
          towerId: 'prod-b',
          status: 'failed',
          error: { message: 'login failed: bad credentials' },
          counts: { scanned: 3, candidates: 1, deleted: 0, kept: 0, failed: 1 },
        }),
      }),
      makeTower({ id: 'fresh', title: 'Fresh', lastRun: null }),
    ]);
    await renderCard(api);

    const a = await screen.findByTestId('cape-tower-row-prod-a');
    expect(within(a).getByTestId('cape-tower-prod-a-status')).toHaveTextContent(
      'succeeded',
    );
    expect(
      within(a).getByTestId('cape-tower-prod-a-deleted'),
    ).toHaveTextContent('15');
    expect(
      within(a).getByTestId('cape-tower-prod-a-candidates'),
    ).toHaveTextContent('17');
    expect(
      within(a).getByTestId('cape-tower-prod-a-scanned'),
    ).toHaveTextContent('1234');
    expect(
      within(a).queryByTestId('cape-tower-prod-a-error'),
    ).not.toBeInTheDocument();
    expect(within(a).getByText('Production A').closest('a')).toHaveAttribute(
      'href',
      'https://tower-a.example.com',
    );
    expect(
      within(a).getByTestId('cape-tower-prod-a-last-run'),
    ).toHaveTextContent('1 hour ago');
    expect(within(a).getByTestId('cape-tower-prod-a-last-run')).toHaveAttribute(
      'title',
    );

    const b = screen.getByTestId('cape-tower-row-prod-b');
    expect(within(b).getByTestId('cape-tower-prod-b-status')).toHaveTextContent(
      'failed',
    );
    expect(within(b).getByTestId('cape-tower-prod-b-error')).toHaveTextContent(
      'login failed: bad credentials',
    );
    expect(
      within(b).getByTestId('cape-tower-prod-b-dry-run-mode'),
    ).toBeInTheDocument();
    expect(
      within(b).getByTestId('cape-tower-prod-b-scanned'),
    ).toHaveTextContent('3');

    expect(screen.getByTestId('cape-tower-fresh-status')).toHaveTextContent(
      'never run',
    );
  });

  it('polls while a Tower is running and stops when the run ends', async () => {
    const running = makeTower({
      running: true,
      lastRun: makeRun({
        id: 'run-2',
        status: 'running',
        finishedAt: null,
        durationMs: null,
        counts: { scanned: 500, candidates: 4, deleted: 2, kept: 0, failed: 0 },
      }),
    });
    const done = makeTower({
      lastRun: makeRun({
        id: 'run-2',
        counts: { scanned: 900, candidates: 6, deleted: 6, kept: 0, failed: 0 },
      }),
    });
    const api = mockCapeLabelsApi();
    api.listTowers
      .mockResolvedValueOnce([running])
      .mockResolvedValueOnce([running])
      .mockResolvedValue([done]);
    await renderCard(api);

    expect(
      await screen.findByTestId('cape-tower-prod-a-status'),
    ).toHaveTextContent('running');
    expect(screen.getByTestId('cape-tower-prod-a-scanned')).toHaveTextContent(
      '500',
    );
    await waitFor(() =>
      expect(screen.getByTestId('cape-tower-prod-a-status')).toHaveTextContent(
        'succeeded',
      ),
    );
    expect(screen.getByTestId('cape-tower-prod-a-scanned')).toHaveTextContent(
      '900',
    );
    expect(screen.getByTestId('cape-tower-prod-a-deleted')).toHaveTextContent(
      '6',
    );
    const calls = api.listTowers.mock.calls.length;
    expect(calls).toBeGreaterThanOrEqual(3);
    await new Promise(r => setTimeout(r, 100));
    expect(api.listTowers.mock.calls.length).toBe(calls);
  });

  it('shows the sweep buttons to users with the permission', async () => {
    await renderCard(mockCapeLabelsApi(), { allowed: true });
    expect(
      await screen.findByTestId('cape-tower-prod-a-sweep'),
    ).toHaveTextContent('Sweep now');
    expect(screen.getByTestId('cape-tower-prod-a-preview')).toHaveTextContent(
      'Preview',
    );
  });

  it('asks for confirmation before a real sweep', async () => {
    const api = mockCapeLabelsApi();
    await renderCard(api);
    await userEvent.click(await screen.findByTestId('cape-tower-prod-a-sweep'));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Sweep Production A now?');
    expect(api.requestSweep).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByText('Cancel'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument(),
    );
    expect(api.requestSweep).not.toHaveBeenCalled();

    await userEvent.click(screen.getByTestId('cape-tower-prod-a-sweep'));
    await userEvent.click(await screen.findByTestId('cape-sweep-confirm'));
    await waitFor(() =>
      expect(api.requestSweep).toHaveBeenCalledWith('prod-a', {
        dryRun: false,
      }),
    );
    expect(api.requestSweep).toHaveBeenCalledTimes(1);
  });

  it('sends a dry run for Preview and shows the new run when it appears', async () => {
    const api = mockCapeLabelsApi();
    const before = makeTower();
    const after = makeTower({
      lastRun: makeRun({
        id: 'run-new',
        trigger: 'manual',
        dryRun: true,
        counts: { scanned: 42, candidates: 7, deleted: 0, kept: 0, failed: 0 },
      }),
    });
    api.listTowers.mockResolvedValueOnce([before]).mockResolvedValue([after]);
    await renderCard(api);

    await userEvent.click(
      await screen.findByTestId('cape-tower-prod-a-preview'),
    );
    expect(api.requestSweep).toHaveBeenCalledWith('prod-a', { dryRun: true });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('cape-tower-prod-a-scanned')).toHaveTextContent(
        '42',
      ),
    );
    expect(
      screen.getByTestId('cape-tower-prod-a-dry-run-last'),
    ).toBeInTheDocument();
    expect(api.listTowers.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('shows "already running" when the backend answers 409', async () => {
    const api = mockCapeLabelsApi();
    api.requestSweep.mockRejectedValue(new SweepAlreadyRunningError('prod-a'));
    await renderCard(api);

    await userEvent.click(
      await screen.findByTestId('cape-tower-prod-a-preview'),
    );
    expect(
      await screen.findByTestId('cape-tower-prod-a-action-message'),
    ).toHaveTextContent('already running');
  });

  it('shows other request errors as they are', async () => {
    const api = mockCapeLabelsApi();
    api.requestSweep.mockRejectedValue(new Error('Forbidden'));
    await renderCard(api);

    await userEvent.click(
      await screen.findByTestId('cape-tower-prod-a-preview'),
    );
    const message = await screen.findByTestId(
      'cape-tower-prod-a-action-message',
    );
    expect(message).toHaveTextContent('Request failed: Forbidden');
    expect(message).not.toHaveTextContent('already running');
  });

  it('says a run the scheduler endpoint started was an external preview, and shows a lost run lost', async () => {
    const api = mockCapeLabelsApi([
      makeTower({
        lastRun: makeRun({ trigger: 'external', dryRun: true }),
      }),
      makeTower({
        id: 'prod-b',
        title: 'Production B',
        lastRun: makeRun({ id: 'run-b', status: 'lost', finishedAt: null }),
      }),
    ]);
    await renderCard(api);
    expect(
      await screen.findByTestId('cape-tower-prod-b-status'),
    ).toHaveAttribute('data-status', 'lost');
    await userEvent.click(
      await screen.findByTestId('cape-tower-prod-a-expand'),
    );
    const details = await screen.findByTestId('cape-tower-prod-a-details');
    expect(
      within(details).getByTestId('cape-tower-prod-a-details-trigger'),
    ).toHaveTextContent('external (scheduler endpoint, preview only)');
  });

  it('shows the last run details with its outcomes when a Tower is expanded', async () => {
    const api = mockCapeLabelsApi([
      makeTower({
        lastRun: makeRun({
          status: 'partial',
          durationMs: 65_000,
          instance: 'replica-7',
          error: { message: 'cap reached', code: 'CAP' },
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
        counts: { scanned: 9, candidates: 0, deleted: 0, kept: 0, failed: 0 },
      }),
    ]);
    await renderCard(api);

    expect(
      screen.queryByTestId('cape-tower-prod-a-details'),
    ).not.toBeInTheDocument();
    await userEvent.click(
      await screen.findByTestId('cape-tower-prod-a-expand'),
    );

    const details = await screen.findByTestId('cape-tower-prod-a-details');
    expect(
      await within(details).findByTestId('cape-outcome-l1'),
    ).toHaveTextContent('cape-cluster-name=c1');
    expect(within(details).getByTestId('cape-outcome-l1')).toHaveTextContent(
      'deleted',
    );
    expect(within(details).getByTestId('cape-outcome-l2')).toHaveTextContent(
      'referenced',
    );
    expect(
      within(details).getByTestId('cape-tower-prod-a-details-instance'),
    ).toHaveTextContent('replica-7');
    expect(
      within(details).getByTestId('cape-tower-prod-a-details-duration'),
    ).toHaveTextContent('1 min 5 s');
    expect(
      within(details).getByTestId('cape-tower-prod-a-details-error'),
    ).toHaveTextContent('cap reached');
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
      await within(details).findByTestId('cape-tower-prod-a-earlier-runs'),
    ).toHaveTextContent('aborted');
    expect(
      within(details).getByTestId('cape-outcomes-run-1-range'),
    ).toHaveTextContent('1–10 of 11');

    await userEvent.click(within(details).getByText('Next'));
    expect(
      await within(details).findByTestId('cape-outcome-l11'),
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
});
