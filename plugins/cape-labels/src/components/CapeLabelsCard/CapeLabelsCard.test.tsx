import { screen, waitFor, within } from '@testing-library/react';
import {
  makeRun,
  makeTower,
  mockCapeLabelsApi,
  notAllowedError,
} from '../../__testUtils__/fixtures';
import { figure, findTowerRow, towerRow } from '../../__testUtils__/queries';
import { renderCard } from '../../__testUtils__/renderCard';

describe('CapeLabelsCard', () => {
  it('shows progress while loading', async () => {
    const api = mockCapeLabelsApi();
    api.listTowers.mockReturnValue(new Promise(() => {}));
    await renderCard(api);
    expect(screen.getByText('CAPE orphan labels')).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Loading the Towers' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('group', { name: 'Production A' }),
    ).not.toBeInTheDocument();
  });

  it('explains how to configure Towers when none is configured', async () => {
    await renderCard(mockCapeLabelsApi([]));
    const empty = await screen.findByRole('group', {
      name: 'No Tower configured',
    });
    expect(empty).toHaveTextContent('capeLabels.towers');
    expect(empty).toHaveTextContent('app-config.yaml');
    expect(empty).toHaveTextContent('server: https://tower-a.example.com');
  });

  it('shows an error panel when the backend is unreachable', async () => {
    const api = mockCapeLabelsApi();
    api.listTowers.mockRejectedValue(new TypeError('Failed to fetch'));
    await renderCard(api);
    expect(await screen.findByText(/Failed to fetch/)).toHaveTextContent(
      'Failed to fetch',
    );
    expect(
      screen.queryByRole('group', { name: 'No Tower configured' }),
    ).not.toBeInTheDocument();
  });

  it('says the user may not view sweep results when the backend answers 403', async () => {
    const api = mockCapeLabelsApi();
    api.listTowers.mockRejectedValue(await notAllowedError());
    await renderCard(api);
    const notAllowed = (
      await screen.findByText('You may not view sweep results')
    ).parentElement!;
    expect(notAllowed).toHaveTextContent('You may not view sweep results');
    expect(notAllowed).toHaveTextContent('cape-labels.read');
    expect(
      screen.queryByText('Could not reach the cape-labels backend'),
    ).not.toBeInTheDocument();
  });

  it('says when the next login is tried while Tower refuses the logins', async () => {
    const nextLoginAt = new Date(Date.now() + 150 * 60_000).toISOString();
    const api = mockCapeLabelsApi([
      makeTower({
        nextRunAt: nextLoginAt,
        loginBackoff: {
          refusals: 3,
          lastCode: 'LOGIN_FAILED',
          lastRefusedAt: new Date().toISOString(),
          nextLoginAt,
        },
      }),
      makeTower({ id: 'prod-b', title: 'Production B' }),
    ]);
    await renderCard(api);
    const backoff = await screen.findByText(/^Tower refused the login/);
    expect(backoff).toHaveTextContent(
      'Tower refused the login 3 times in a row (LOGIN_FAILED): the next is tried in 2 hours; "Sweep now" tries at once',
    );
    expect(screen.getAllByText(/^Tower refused the login/)).toHaveLength(1);
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
          counts: {
            scanned: 3,
            candidates: 1,
            deleted: 0,
            wouldDelete: 0,
            kept: 0,
            failed: 1,
          },
        }),
      }),
      makeTower({ id: 'fresh', title: 'Fresh', lastRun: null }),
    ]);
    await renderCard(api);

    const a = await findTowerRow('Production A');
    expect(within(a).getByRole('status')).toHaveTextContent('succeeded');
    expect(within(figure(a, 'deleted')).getByText('15')).toBeInTheDocument();
    expect(within(figure(a, 'candidates')).getByText('17')).toBeInTheDocument();
    expect(within(figure(a, 'scanned')).getByText('1,234')).toBeInTheDocument();
    expect(a).not.toHaveAccessibleDescription();
    expect(within(a).getByText('Production A').closest('a')).toHaveAttribute(
      'href',
      'https://tower-a.example.com',
    );
    expect(within(a).getByText('1 hour ago')).toHaveAttribute('title');

    const b = towerRow('Production B');
    expect(within(b).getByRole('status')).toHaveTextContent('failed');
    expect(b).toHaveAccessibleDescription(
      expect.stringContaining('login failed: bad credentials'),
    );
    expect(within(b).getByText('dry-run mode')).toBeInTheDocument();
    expect(within(figure(b, 'scanned')).getByText('3')).toBeInTheDocument();

    expect(within(towerRow('Fresh')).getByRole('status')).toHaveTextContent(
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
        counts: {
          scanned: 500,
          candidates: 4,
          deleted: 2,
          wouldDelete: 0,
          kept: 0,
          failed: 0,
        },
      }),
    });
    const done = makeTower({
      lastRun: makeRun({
        id: 'run-2',
        counts: {
          scanned: 900,
          candidates: 6,
          deleted: 6,
          wouldDelete: 0,
          kept: 0,
          failed: 0,
        },
      }),
    });
    const api = mockCapeLabelsApi();
    api.listTowers
      .mockResolvedValueOnce([running])
      .mockResolvedValueOnce([running])
      .mockResolvedValue([done]);
    await renderCard(api);

    expect(await screen.findByRole('status')).toHaveTextContent('running');
    const row = towerRow('Production A');
    expect(within(figure(row, 'scanned')).getByText('500')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('succeeded'),
    );
    expect(within(figure(row, 'scanned')).getByText('900')).toBeInTheDocument();
    expect(within(figure(row, 'deleted')).getByText('6')).toBeInTheDocument();
    const calls = api.listTowers.mock.calls.length;
    expect(calls).toBeGreaterThanOrEqual(3);
    await new Promise(r => setTimeout(r, 100));
    expect(api.listTowers.mock.calls.length).toBe(calls);
  });

  it('shows a run whose replica stopped with a lost chip', async () => {
    await renderCard(
      mockCapeLabelsApi([
        makeTower({
          lastRun: makeRun({ status: 'lost', finishedAt: null }),
        }),
      ]),
    );
    const chip = await screen.findByRole('status');
    expect(chip).toHaveTextContent('lost');
  });

  it('headlines what a dry run would delete instead of "0 deleted"', async () => {
    const dryRun = makeRun({
      dryRun: true,
      counts: {
        scanned: 229,
        candidates: 89,
        deleted: 0,
        wouldDelete: 89,
        kept: 140,
        failed: 0,
      },
    });
    await renderCard(
      mockCapeLabelsApi([makeTower({ dryRun: true, lastRun: dryRun })]),
    );
    const row = await findTowerRow('Production A');
    const headline = within(figure(row, 'would delete')).getByText('89');
    expect(headline).toHaveTextContent('89');
    expect(headline.parentElement).toHaveTextContent('89would delete');
    expect(
      within(row).queryByRole('group', { name: 'deleted' }),
    ).not.toBeInTheDocument();
    expect(row).not.toHaveTextContent('0deleted');
  });
});
