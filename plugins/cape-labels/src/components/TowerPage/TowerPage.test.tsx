import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { entityRouteRef } from '@backstage/plugin-catalog-react';
import userEvent from '@testing-library/user-event';
import {
  makeOutcome,
  makeRun,
  makeTower,
  mockTowerPageApi,
  MockCapeLabelsApi,
} from '../../__testUtils__/fixtures';
import { renderWithApi } from '../../__testUtils__/renderCard';
import { rootRouteRef } from '../../routes';
import { CapeLabelsPageContent } from '../CapeLabelsPage';

const RUNS = [
  makeRun({
    id: 'run-2',
    trigger: 'manual',
    requestedBy: 'user:default/alice',
    instance: 'replica-2',
    clock: { source: 'tower', skewMs: -7_200_000 },
  }),
  makeRun({ id: 'run-1', status: 'failed', error: { message: 'boom' } }),
];
const OUTCOME = makeOutcome();

const api = (): MockCapeLabelsApi => mockTowerPageApi(RUNS, [OUTCOME]);

/** Where the app is, as the address bar would show it. */
const Location = () => {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{pathname + search}</output>;
};

async function renderPage(a: MockCapeLabelsApi, path = '/towers/prod-a') {
  return renderWithApi(
    a,
    <>
      <CapeLabelsPageContent />
      <Location />
    </>,
    {
      at: path,
      mountedRoutes: { '/': rootRouteRef },
    },
  );
}

const labelsButton = (runId: string) =>
  screen.getByRole('button', { name: `Labels of run ${runId}` });
/** The history row of a run: the row its "Labels" button is in. */
const runRow = (runId: string) =>
  labelsButton(runId).closest<HTMLElement>('[role="row"]')!;
const findRunRow = async (runId: string) => {
  await screen.findByRole('button', { name: `Labels of run ${runId}` });
  return runRow(runId);
};
const RUN_LABELS = { name: /^Labels of the run started/ };
const REFERENCES = 'References this run checked';

const lastOutcomesCall = (a: MockCapeLabelsApi) =>
  a.listOutcomes.mock.calls[a.listOutcomes.mock.calls.length - 1];

describe('TowerPage', () => {
  it('shows the run history as a chart and a table with who, how long, where and the clock', async () => {
    await renderPage(api());
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Production A',
    );
    const chart = await screen.findByRole('figure');
    expect(chart.querySelectorAll('rect[data-run]')).toHaveLength(2);
    const newest = within(runRow('run-2'));
    expect(newest.getByText('manual')).toBeInTheDocument();
    expect(newest.getByText('alice')).toBeInTheDocument();
    expect(newest.queryByText('user:default/alice')).not.toBeInTheDocument();
    expect(newest.getByText('10.0 s')).toBeInTheDocument();
    expect(newest.getByText('replica-2')).toBeInTheDocument();
    expect(newest.getByText("Tower's, 2 h behind ours")).toBeInTheDocument();
    expect(
      newest.getByText('15 deleted · 17 candidates · 1,234 scanned · 2 kept'),
    ).toBeInTheDocument();
    expect(within(runRow('run-1')).getByText('failed')).toBeInTheDocument();
  });

  it('names a run the scheduler endpoint started an external preview in the history', async () => {
    const a = api();
    a.listRuns.mockResolvedValue([
      makeRun({ id: 'run-3', trigger: 'external', dryRun: true }),
    ]);
    await renderPage(a);
    const row = within(await findRunRow('run-3'));
    expect(
      row.getByText('external (scheduler endpoint, preview only)'),
    ).toBeInTheDocument();
  });

  it('shows the newest run’s labels, then the chosen run’s, with filters and a value search', async () => {
    const a = api();
    await renderPage(a);
    const labels = await screen.findByRole('region', RUN_LABELS);
    expect(labels).toHaveAttribute('data-run', 'run-2');
    expect(
      await within(labels).findByText('cape-namespace=team-a'),
    ).toBeInTheDocument();

    await userEvent.click(labelsButton('run-1'));
    await waitFor(() =>
      expect(screen.getByRole('region', RUN_LABELS)).toHaveAttribute(
        'data-run',
        'run-1',
      ),
    );
    await waitFor(() => expect(lastOutcomesCall(a)[0]).toBe('run-1'));

    const search = screen.getByRole('searchbox', { name: /Value contains/ });
    fireEvent.change(search, { target: { value: 'Team' } });
    await waitFor(() =>
      expect(lastOutcomesCall(a)).toEqual([
        'run-1',
        expect.objectContaining({ search: 'Team', offset: 0 }),
      ]),
    );
  });

  it('downloads the CSV of the run with the same filters through the API', async () => {
    const a = api();
    const createObjectURL = jest.fn(() => 'blob:csv');
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = jest
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => {});
    await renderPage(a);
    await screen.findByRole('region', RUN_LABELS);
    fireEvent.change(
      screen.getByRole('searchbox', { name: /Value contains/ }),
      { target: { value: 'team' } },
    );
    await waitFor(() =>
      expect(lastOutcomesCall(a)[1]).toMatchObject({ search: 'team' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(a.downloadOutcomesCsv).toHaveBeenCalledWith(
      'run-2',
      { search: 'team' },
      { lang: 'en' },
    );
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    click.mockRestore();
  });

  it('says so when the download fails', async () => {
    const a = api();
    a.downloadOutcomesCsv.mockRejectedValue(new Error('You may not view'));
    await renderPage(a);
    await screen.findByRole('region', RUN_LABELS);
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText(/^Could not download/)).toHaveTextContent(
      'You may not view',
    );
  });

  it('answers an unknown Tower with an error', async () => {
    await renderPage(api(), '/towers/nope');
    expect(
      await screen.findByText(/^Could not load Tower 'nope'/),
    ).toHaveTextContent("No Tower 'nope'");
  });

  it('links each card row to its Tower page', async () => {
    await renderPage(api(), '/');
    const link = await screen.findByRole('link', { name: 'History' });
    expect(link).toHaveAttribute('href', '/towers/prod-a');
  });

  it('opens the run a notification link names, not the newest', async () => {
    const a = api();
    await renderPage(a, '/towers/prod-a?run=run-1');
    const labels = await screen.findByRole('region', RUN_LABELS);
    expect(labels).toHaveAttribute('data-run', 'run-1');
    expect(screen.getByText('boom')).toHaveTextContent('boom');
    await waitFor(() => expect(lastOutcomesCall(a)[0]).toBe('run-1'));
    expect(labelsButton('run-1')).toHaveAttribute('aria-pressed', 'true');
  });

  it('fetches a named run older than the history shows', async () => {
    const a = api();
    const old = makeRun({ id: 'run-0', status: 'failed' });
    a.getRun.mockResolvedValue({ ...old, settings: { keys: [] } });
    await renderPage(a, '/towers/prod-a?run=run-0');
    await waitFor(() =>
      expect(screen.getByRole('region', RUN_LABELS)).toHaveAttribute(
        'data-run',
        'run-0',
      ),
    );
    expect(a.getRun).toHaveBeenCalledWith('run-0');
  });

  it('says so when the named run cannot be loaded or is another Tower’s', async () => {
    const a = api();
    a.getRun.mockRejectedValue(new Error('No run run-9'));
    const { unmount } = await renderPage(a, '/towers/prod-a?run=run-9');
    expect(
      await screen.findByText(/^Could not load run run-9/),
    ).toHaveTextContent('Could not load run run-9: No run run-9');
    expect(screen.queryByRole('region', RUN_LABELS)).not.toBeInTheDocument();
    unmount();

    a.getRun.mockResolvedValue({
      ...makeRun({ id: 'run-b', towerId: 'prod-b' }),
      settings: { keys: [] },
    });
    await renderPage(a, '/towers/prod-a?run=run-b');
    expect(
      await screen.findByText(/^Run run-b is not a run of Tower/),
    ).toHaveTextContent('Run run-b is not a run of Tower prod-a.');
    expect(screen.queryByRole('region', RUN_LABELS)).not.toBeInTheDocument();
  });

  it('writes the chosen run into the URL, so the page can be shared', async () => {
    await renderPage(api());
    await screen.findByRole('region', RUN_LABELS);
    await userEvent.click(labelsButton('run-1'));
    await waitFor(() =>
      expect(
        screen.getByRole('status', { name: 'location' }),
      ).toHaveTextContent('/towers/prod-a?run=run-1'),
    );
  });

  it('links who asked for a run to their catalog page when the app has a catalog', async () => {
    await renderWithApi(api(), <CapeLabelsPageContent />, {
      at: '/towers/prod-a',
      mountedRoutes: {
        '/': rootRouteRef,
        '/catalog/:namespace/:kind/:name': entityRouteRef,
      },
    });
    const newest = within(await findRunRow('run-2'));
    expect(newest.getByRole('link', { name: /alice/ })).toHaveAttribute(
      'href',
      '/catalog/default/user/alice',
    );
  });

  it('shows the rules in force, the owner and recipients, and the references the shown run checked', async () => {
    const a = api();
    a.listTowers.mockResolvedValue([
      makeTower({
        lastRun: RUNS[0],
        owner: 'group:default/platform',
        notify: ['group:default/platform', 'user:default/alice'],
        rules: {
          minAge: 'P2D',
          confirmAfter: 'PT6H',
          maxDeletesPerRun: 250,
          dryRun: true,
          schedule: { cron: '0 3 * * *', timeout: 'PT30M' },
        },
      }),
    ]);
    a.listRuns.mockResolvedValue([
      {
        ...RUNS[0],
        relations: {
          source: 'introspection',
          checked: ['vms', 'vm_snapshots'],
        },
      },
      RUNS[1],
    ]);
    await renderWithApi(a, <CapeLabelsPageContent />, {
      at: '/towers/prod-a',
      mountedRoutes: {
        '/': rootRouteRef,
        '/catalog/:namespace/:kind/:name': entityRouteRef,
      },
    });
    const rules = await screen.findByRole('region', { name: 'Rules in force' });
    const owner = within(rules).getByRole('group', { name: 'Owner' });
    expect(
      within(owner).getByRole('link', { name: /platform/ }),
    ).toHaveAttribute('href', '/catalog/default/group/platform');
    expect(
      within(rules).getByRole('group', { name: 'Notified' }),
    ).toHaveTextContent('platform, alice');
    expect(rules).toHaveTextContent('Minimum age: 2 days');
    expect(rules).toHaveTextContent('Confirm after: 6 hours');
    expect(rules).toHaveTextContent('At most deleted per run: 250');
    expect(rules).toHaveTextContent('Mode: dry run');
    expect(rules).toHaveTextContent(
      'Schedule: cron 0 3 * * *, timeout 30 minutes',
    );
    expect(
      await within(rules).findByRole('group', { name: REFERENCES }),
    ).toHaveTextContent(
      "2 kinds of object (from Tower's schema): vms, vm_snapshots",
    );
    await userEvent.click(labelsButton('run-1'));
    await waitFor(() =>
      expect(
        within(rules).queryByRole('group', { name: REFERENCES }),
      ).not.toBeInTheDocument(),
    );
  });
});
