import { useMemo } from 'react';
import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import {
  exactTime,
  formatCount,
  runCounts,
  runErrorText,
  runHeadline,
  shortTime,
  statusName,
  type RunHeadline,
} from '../../format';
import { useLang, type Lang } from '../../translation';

/** A run that deleted nothing still shows as a bar this high (px). */
export const MIN_BAR = 2;

/** Runs a trend shows at most. */
export const TREND_RUNS = 30;

/** How a run is drawn: a succeeded real run, a dry run, a run that went wrong, one in progress. */
export type MarkKind = 'deleted' | 'would-delete' | 'failed' | 'running';

/** One run of a trend chart: a bar of height `value`, coloured by `kind`, named by `title`. */
export type TrendDatum = {
  runId: string;
  kind: MarkKind;
  /** The run's headline count: deleted, or would-delete for a dry run. */
  value: number;
  /** When the run started, short (the Tower page's axis). */
  startedAt: string;
  /** What hovering the bar says. */
  title: string;
};

function markKind(run: RunSummary, headline: RunHeadline): MarkKind {
  if (run.status === 'failed' || run.status === 'aborted') return 'failed';
  if (run.status === 'running') return 'running';
  return headline.kind;
}

/** What hovering a bar says: when the run started, how it ended, its headline count. */
function markTitle(run: RunSummary, lang: Lang): string {
  const { t, locale } = lang;
  const dry = run.dryRun ? t('common.dryRunSuffix') : '';
  const parts = [
    exactTime(run.startedAt, locale) ?? run.startedAt,
    `${statusName(run.status, t)}${dry}`,
    ...runCounts(run, ['scanned'], lang),
  ];
  if (run.error) parts.push(runErrorText(run.error, t));
  return t('trend.markTitle', { runId: run.id, facts: parts.join(' · ') });
}

/** The chart's data for `runs` (oldest first): one datum, so one bar, per run. */
export function trendData(runs: RunSummary[], lang: Lang): TrendDatum[] {
  return runs.map(run => {
    const headline = runHeadline(run, lang.t);
    return {
      runId: run.id,
      kind: markKind(run, headline),
      value: headline.value,
      startedAt: shortTime(run.startedAt, lang.locale),
      title: markTitle(run, lang),
    };
  });
}

/**
 * A chart's data and the label that says what it shows, for `runs` newest first (as the API
 * lists them): the chart draws them oldest first. Computed once per `runs`.
 */
export function useTrend(runs: RunSummary[]): {
  data: TrendDatum[];
  label: string;
} {
  const lang = useLang();
  return useMemo(() => {
    const data = trendData([...runs].reverse(), lang);
    const failed = data.filter(d => d.kind === 'failed').length;
    const n = (value: number) => formatCount(value, lang.locale);
    const label = lang.t('trend.label', {
      n: n(data.length),
      failed: n(failed),
    });
    return { data, label };
  }, [runs, lang]);
}
