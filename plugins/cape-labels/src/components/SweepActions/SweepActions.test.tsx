import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SweepAlreadyRunningError } from '../../api';
import {
  makeRun,
  makeTower,
  mockCapeLabelsApi,
} from '../../__testUtils__/fixtures';
import { renderCard } from '../../__testUtils__/renderCard';
import { ResponseError } from '@backstage/errors';
import { figure, towerRow } from '../../__testUtils__/queries';

const sweepButton = () => screen.findByRole('button', { name: 'Sweep now' });
const previewButton = () => screen.findByRole('button', { name: 'Preview' });
const confirmButton = async (name: string) =>
  within(await screen.findByRole('dialog')).getByRole('button', { name });

describe('CapeLabelsCard sweep actions', () => {
  it('shows the sweep buttons to users with the permission', async () => {
    await renderCard(mockCapeLabelsApi(), { allowed: true });
    expect(
      await screen.findByRole('button', { name: 'Sweep now' }),
    ).toHaveTextContent('Sweep now');
    expect(screen.getByRole('button', { name: 'Preview' })).toHaveTextContent(
      'Preview',
    );
  });

  it('asks for confirmation before a real sweep', async () => {
    const api = mockCapeLabelsApi();
    await renderCard(api);
    await userEvent.click(await sweepButton());

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Sweep Production A now?');
    expect(api.requestSweep).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByText('Cancel'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument(),
    );
    expect(api.requestSweep).not.toHaveBeenCalled();

    await userEvent.click(await sweepButton());
    await userEvent.click(await confirmButton('Sweep'));
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
        counts: {
          scanned: 42,
          candidates: 7,
          deleted: 0,
          wouldDelete: 6,
          kept: 0,
          failed: 0,
        },
      }),
    });
    api.listTowers.mockResolvedValueOnce([before]).mockResolvedValue([after]);
    await renderCard(api);

    await userEvent.click(await previewButton());
    expect(api.requestSweep).toHaveBeenCalledWith('prod-a', { dryRun: true });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(figure(towerRow('Production A'), 'scanned')).getByText('42'),
      ).toBeInTheDocument(),
    );
    const row = towerRow('Production A');
    expect(within(row).getByText('last run: dry run')).toBeInTheDocument();
    expect(
      within(figure(row, 'would delete')).getByText('6'),
    ).toBeInTheDocument();
    expect(api.listTowers.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('shows "already running" when the backend answers 409', async () => {
    const api = mockCapeLabelsApi();
    api.requestSweep.mockRejectedValue(new SweepAlreadyRunningError('prod-a'));
    await renderCard(api);

    await userEvent.click(await previewButton());
    expect(await screen.findByText(/already running/)).toHaveTextContent(
      'already running',
    );
  });

  it('shows other request errors as they are', async () => {
    const api = mockCapeLabelsApi();
    api.requestSweep.mockRejectedValue(new Error('Forbidden'));
    await renderCard(api);

    await userEvent.click(await previewButton());
    const message = await screen.findByText(/^Request failed/);
    expect(message).toHaveTextContent('Request failed: Forbidden');
    expect(message).not.toHaveTextContent('already running');
  });

  it("shows the backend's refusal of a real sweep while permissions are off", async () => {
    const refusal =
      'Real sweeps on request are refused while permission.enabled is not true: … or set ' +
      'capeLabels.allowManualSweepsWithoutPermissions: true.';
    const api = mockCapeLabelsApi();
    api.requestSweep.mockRejectedValue(
      Object.assign(new Error('Request failed with 403 Forbidden'), {
        statusCode: 403,
        body: { error: { name: 'NotAllowedError', message: refusal } },
      }),
    );
    await renderCard(api);

    await userEvent.click(await sweepButton());
    await userEvent.click(await confirmButton('Sweep'));
    expect(await screen.findByText(/^Request failed/)).toHaveTextContent(
      `Request failed: ${refusal}`,
    );
  });

  describe('Stop', () => {
    const running = () =>
      makeTower({
        running: true,
        lastRun: makeRun({ id: 'run-5', status: 'running', finishedAt: null }),
      });

    it('is offered only while the Tower sweeps, and only to users allowed to sweep', async () => {
      await renderCard(mockCapeLabelsApi([makeTower()]));
      await sweepButton();
      expect(
        screen.queryByRole('button', { name: 'Stop' }),
      ).not.toBeInTheDocument();
    });

    it('asks first, stops the sweep, then shows the run aborted', async () => {
      const api = mockCapeLabelsApi([running()]);
      await renderCard(api);
      await userEvent.click(
        await screen.findByRole('button', { name: 'Stop' }),
      );
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('Stop the sweep of Production A?');
      expect(api.stopSweep).not.toHaveBeenCalled();

      api.listTowers.mockResolvedValue([
        makeTower({
          lastRun: makeRun({
            id: 'run-5',
            status: 'aborted',
            notes: [
              {
                code: 'STOPPED',
                params: { by: 'user:default/jane' },
                message: 'stopped by user:default/jane',
              },
            ],
          }),
        }),
      ]);
      await userEvent.click(await confirmButton('Stop the sweep'));
      expect(api.stopSweep).toHaveBeenCalledWith('prod-a');
      expect(await screen.findByText('Stop requested')).toHaveTextContent(
        'Stop requested',
      );
      await waitFor(() =>
        expect(
          within(towerRow('Production A')).getByRole('status'),
        ).toHaveTextContent('aborted'),
      );
      expect(
        screen.queryByRole('button', { name: 'Stop' }),
      ).not.toBeInTheDocument();
    });

    it('says so when no sweep runs any more (409)', async () => {
      const api = mockCapeLabelsApi([running()]);
      api.stopSweep.mockRejectedValue(
        await ResponseError.fromResponse(
          new Response(
            JSON.stringify({
              error: { name: 'ConflictError', message: 'not sweeping' },
              response: { statusCode: 409 },
            }),
            { status: 409, headers: { 'content-type': 'application/json' } },
          ) as never,
        ),
      );
      await renderCard(api);
      await userEvent.click(
        await screen.findByRole('button', { name: 'Stop' }),
      );
      await userEvent.click(await confirmButton('Stop the sweep'));
      expect(await screen.findByText(/no sweep is running/)).toHaveTextContent(
        'no sweep is running',
      );
    });
  });
});
