import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import { exactTime, runHeadline } from '../../format';

/** Runs a trend shows at most. */
export const TREND_RUNS = 30;

/** Geometry of the trend, in SVG user units (the SVG scales with the font). */
export const TREND = { bar: 6, gap: 2, height: 28, minBar: 2 } as const;

/** How a run is drawn: a succeeded real run, a dry run, a run that went wrong, one in progress. */
export type MarkKind = 'deleted' | 'would-delete' | 'failed' | 'running';

/** One bar of the trend. */
export type TrendMark = {
  runId: string;
  kind: MarkKind;
  x: number;
  y: number;
  height: number;
  title: string;
};

function markKind(run: RunSummary): MarkKind {
  if (run.status === 'failed' || run.status === 'aborted') return 'failed';
  if (run.status === 'running') return 'running';
  return runHeadline(run).kind;
}

/** What hovering a bar says: when the run started, how it ended, its headline count. */
export function markTitle(run: RunSummary): string {
  const headline = runHeadline(run);
  const parts = [
    exactTime(run.startedAt) ?? run.startedAt,
    `${run.status}${run.dryRun ? ' (dry run)' : ''}`,
    `${headline.value} ${headline.label}`,
    `${run.counts.scanned} scanned`,
  ];
  if (run.error) parts.push(run.error.message);
  return `Run ${run.id}: ${parts.join(' · ')}`;
}

/**
 * Bars for `runs` (oldest first), heights scaled to the largest count; every
 * run gets a bar at least `minBar` high, so a run that deleted nothing shows.
 */
export function trendMarks(runs: RunSummary[]): TrendMark[] {
  const values = runs.map(r => runHeadline(r).value);
  const max = Math.max(1, ...values);
  return runs.map((run, i) => {
    const height = Math.max(
      TREND.minBar,
      Math.round((values[i] / max) * TREND.height),
    );
    return {
      runId: run.id,
      kind: markKind(run),
      x: i * (TREND.bar + TREND.gap),
      y: TREND.height - height,
      height,
      title: markTitle(run),
    };
  });
}
