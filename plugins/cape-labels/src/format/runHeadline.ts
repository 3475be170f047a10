import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';

/** The number a run is known by: what it deleted, or what a dry run would delete. */
export type RunHeadline = {
  kind: 'deleted' | 'would-delete';
  label: string;
  value: number;
};

export function runHeadline(run: RunSummary | null | undefined): RunHeadline {
  if (run?.dryRun) {
    return {
      kind: 'would-delete',
      label: 'would delete',
      value: run.counts.wouldDelete,
    };
  }
  return { kind: 'deleted', label: 'deleted', value: run?.counts.deleted ?? 0 };
}
