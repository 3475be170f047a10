import type { RunTrigger } from '@smartx-cape/plugin-cape-labels-common';
import type { CapeLabelsT } from '../translation';

const triggerKeys = {
  schedule: 'trigger.schedule',
  manual: 'trigger.manual',
  event: 'trigger.event',
  // a start by the scheduler's endpoint was only a preview
  external: 'trigger.external',
} as const satisfies Record<RunTrigger, string>;

/** A trigger as the UI names it. */
export function triggerName(trigger: RunTrigger, t: CapeLabelsT): string {
  return t(triggerKeys[trigger]);
}
