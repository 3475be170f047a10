import type {
  RunSummary,
  RunTrigger,
} from '@smartx-cape/plugin-cape-labels-common';

/** A trigger as the UI names it: a start by the scheduler's endpoint was only a preview. */
export function triggerName(trigger: RunTrigger): string {
  return trigger === 'external'
    ? 'external (scheduler endpoint, preview only)'
    : trigger;
}

/** How a run was started and by whom, as the card says it. */
export function triggerLabel(run: RunSummary): string {
  const by = run.requestedBy ? ` by ${run.requestedBy}` : '';
  return `${triggerName(run.trigger)}${by}`;
}
