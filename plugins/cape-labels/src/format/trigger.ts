import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';

/** How a run was started, as the card says it. */
export function triggerLabel(run: RunSummary): string {
  if (run.trigger === 'external')
    return 'external (scheduler endpoint, preview only)';
  const by = run.requestedBy ? ` by ${run.requestedBy}` : '';
  return `${run.trigger}${by}`;
}
