import { screen, within } from '@testing-library/react';
import {
  makeRun,
  makeTower,
  mockCapeLabelsApi,
} from '../../__testUtils__/fixtures';
import { renderCard } from '../../__testUtils__/renderCard';
import { trendData } from './trendData';
import { englishLang } from '../../__testUtils__/lang';

const counts = (deleted: number, wouldDelete = 0) => ({
  scanned: 100,
  candidates: deleted + wouldDelete,
  deleted,
  wouldDelete,
  kept: 0,
  failed: 0,
});

/** 30 runs, newest first as the API answers: real runs, dry runs, two failures. */
function history() {
  return Array.from({ length: 30 }, (_, i) => {
    const n = 30 - i; // run-30 is the newest
    if (n % 10 === 0) {
      return makeRun({
        id: `run-${n}`,
        status: 'failed',
        error: { message: `login failed ${n}` },
        counts: counts(0),
      });
    }
    return n % 3 === 0
      ? makeRun({ id: `run-${n}`, dryRun: true, counts: counts(0, n) })
      : makeRun({ id: `run-${n}`, counts: counts(n) });
  });
}

const TREND_NAME = /^Last \d+ runs/;
const findTrend = () => screen.findByRole('img', { name: TREND_NAME });

describe('RunTrend', () => {
  it('draws one mark per run of the last 30, oldest first, failed runs marked', async () => {
    const runs = history();
    const api = mockCapeLabelsApi([makeTower({ lastRun: runs[0] })]);
    api.listRuns.mockResolvedValue(runs);
    await renderCard(api);

    const trend = await findTrend();
    expect(api.listRuns).toHaveBeenCalledWith('prod-a', {
      limit: 30,
      before: undefined,
    });
    expect(trend.querySelector('svg')).not.toBeNull();
    const marks = trend.querySelectorAll('svg rect[data-run]');
    expect(marks).toHaveLength(30);
    expect(marks[0]).toHaveAttribute('data-run', 'run-1');
    expect(marks[29]).toHaveAttribute('data-run', 'run-30');
    const failed = [...marks].filter(
      m => m.getAttribute('data-kind') === 'failed',
    );
    expect(failed.map(m => m.getAttribute('data-run'))).toEqual([
      'run-10',
      'run-20',
      'run-30',
    ]);
    expect(marks[2]).toHaveAttribute('data-kind', 'would-delete');
    expect(marks[1]).toHaveAttribute('data-kind', 'deleted');
    expect(trend).toHaveAttribute('aria-label', 'Last 30 runs, 3 failed');
  });

  it('names the run when a mark is hovered (its title)', async () => {
    const runs = history();
    const api = mockCapeLabelsApi([makeTower({ lastRun: runs[0] })]);
    api.listRuns.mockResolvedValue(runs);
    await renderCard(api);

    const trend = await findTrend();
    const title = (runId: string) =>
      trend.querySelector(`rect[data-run="${runId}"] title`)?.textContent;
    expect(title('run-29')).toMatch(/^Run run-29: .* succeeded · 29 deleted/);
    expect(title('run-27')).toMatch(
      /^Run run-27: .* succeeded \(dry run\) · 27 would delete/,
    );
    expect(title('run-20')).toMatch(
      /^Run run-20: .* failed · .*login failed 20$/,
    );
    expect(within(trend).getAllByText(/^Run run-/)).toHaveLength(30);
  });

  it('draws nothing for a Tower that never ran', async () => {
    const api = mockCapeLabelsApi([makeTower({ lastRun: null })]);
    await renderCard(api);
    await screen.findByText('Production A');
    expect(
      screen.queryByRole('img', { name: TREND_NAME }),
    ).not.toBeInTheDocument();
    expect(api.listRuns).not.toHaveBeenCalled();
  });
});

describe('trendData', () => {
  it('gives each run its headline count and kind, oldest first as given', () => {
    const data = trendData(
      [
        makeRun({ id: 'a', counts: counts(0) }),
        makeRun({ id: 'b', counts: counts(50) }),
        makeRun({ id: 'c', dryRun: true, counts: counts(0, 100) }),
        makeRun({ id: 'd', status: 'aborted', counts: counts(7) }),
      ],
      englishLang(),
    );
    expect(data.map(d => [d.runId, d.kind, d.value])).toEqual([
      ['a', 'deleted', 0],
      ['b', 'deleted', 50],
      ['c', 'would-delete', 100],
      ['d', 'failed', 7],
    ]);
  });
});

describe('TrendChart', () => {
  it('scales bars to the largest count and keeps empty runs visible', async () => {
    const runs = [
      makeRun({ id: 'a', counts: counts(0) }),
      makeRun({ id: 'b', counts: counts(50) }),
      makeRun({ id: 'c', dryRun: true, counts: counts(0, 100) }),
    ];
    const api = mockCapeLabelsApi([makeTower({ lastRun: runs[2] })]);
    api.listRuns.mockResolvedValue([...runs].reverse());
    await renderCard(api);

    const trend = await findTrend();
    const height = (runId: string) =>
      Number(
        trend
          .querySelector(`rect[data-run="${runId}"]`)
          ?.getAttribute('height'),
      );
    expect(height('c')).toBeCloseTo(28, 0);
    expect(height('b')).toBeCloseTo(14, 0);
    expect(height('a')).toBe(2);
  });
});
