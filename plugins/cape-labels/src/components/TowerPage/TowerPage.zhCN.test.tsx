import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  makeCounts,
  makeOutcome,
  makeRun,
  mockTowerPageApi,
} from '../../__testUtils__/fixtures';
import { renderInLanguage } from '../../__testUtils__/renderInLanguage';
import { CapeLabelsPageContent } from '../CapeLabelsPage';

/** The history row of a run: the row its "Labels" button is in. */
const runRow = (runId: string) =>
  screen
    .getByRole('button', { name: `运行 ${runId} 的标签` })
    .closest<HTMLElement>('[role="row"]')!;
const RUN_LABELS = { name: /开始的运行中的标签$/ };
// noon UTC: the 30th of November in every time zone from UTC-11 to UTC+11
const STARTED = '2026-11-30T12:15:07.000Z';
const COUNTS = makeCounts({ scanned: 12345, candidates: 17, deleted: 15 });
const RUNS = [
  makeRun({
    id: 'run-2',
    trigger: 'manual',
    startedAt: STARTED,
    counts: COUNTS,
  }),
  makeRun({ id: 'run-1', status: 'failed' }),
].map(
  run => ({ ...run, clock: { source: 'tower', skewMs: -7_200_000 } }) as const,
);
const OUTCOME = makeOutcome({
  action: 'kept',
  reason: 'referenced',
  relation: 'vm_snapshots',
});

describe('TowerPage in Simplified Chinese', () => {
  it('shows the history, the sources and the labels in Chinese, numbers and dates as zh-CN writes them', async () => {
    await renderInLanguage(
      'zh-CN',
      mockTowerPageApi(RUNS, [OUTCOME]),
      <CapeLabelsPageContent />,
      {
        at: '/towers/prod-a',
      },
    );
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Production A',
    );
    expect(screen.getByText('最近 30 次运行')).toBeInTheDocument();
    await screen.findByRole('button', { name: '运行 run-2 的标签' });
    const newest = within(runRow('run-2'));
    expect(newest.getByText('手动')).toBeInTheDocument();
    expect(newest.getByText('10.0 秒')).toBeInTheDocument();
    expect(
      newest.getByText('Tower 的时钟，比本地慢 2 小时'),
    ).toBeInTheDocument();
    expect(
      newest.getByText('已删除 15 · 候选 17 · 已扫描 12,345 · 保留 0'),
    ).toBeInTheDocument();
    expect(within(runRow('run-1')).getByText('失败')).toBeInTheDocument();
    expect(screen.getByText('孤立标签从哪里来')).toBeInTheDocument();

    const labels = await screen.findByRole('region', RUN_LABELS);
    expect(
      within(labels).getByText(
        /^2026年11月30日 \d{1,2}:\d{2}:\d{2} 开始的运行中的标签$/,
      ),
    ).toBeInTheDocument();
    const row = await within(labels).findByRole('row', {
      name: 'cape-namespace=team-a',
    });
    expect(row).toHaveTextContent('保留');
    expect(row).toHaveTextContent('仍被引用（vm_snapshots）');
    expect(screen.getByRole('button', { name: '下载 CSV' })).toHaveTextContent(
      '下载 CSV',
    );
    expect(screen.getByRole('button', { name: /结果$/ })).toHaveAccessibleName(
      '任意 结果',
    );
  });

  it('downloads the CSV with its headers in the app language', async () => {
    const api = mockTowerPageApi(RUNS, [OUTCOME]);
    Object.assign(URL, {
      createObjectURL: jest.fn(() => 'blob:csv'),
      revokeObjectURL: jest.fn(),
    });
    const click = jest
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => {});
    await renderInLanguage('zh-CN', api, <CapeLabelsPageContent />, {
      at: '/towers/prod-a',
    });
    await screen.findByRole('region', RUN_LABELS);
    await userEvent.click(screen.getByRole('button', { name: '下载 CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.downloadOutcomesCsv).toHaveBeenCalledWith(
      'run-2',
      {},
      { lang: 'zh-CN' },
    );
    click.mockRestore();
  });
});
