import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import type { CapeLabelsT } from '../translation';

/** The number a run is known by: what it deleted, or what a dry run would delete. */
export type RunHeadline = {
  kind: 'deleted' | 'would-delete';
  /** The words under the number ("would delete"). */
  label: string;
  value: number;
};

export function runHeadline(
  run: RunSummary | null | undefined,
  t: CapeLabelsT,
): RunHeadline {
  if (run?.dryRun) {
    return {
      kind: 'would-delete',
      label: t('headline.wouldDelete'),
      value: run.counts.wouldDelete,
    };
  }
  return {
    kind: 'deleted',
    label: t('headline.deleted'),
    value: run?.counts.deleted ?? 0,
  };
}
