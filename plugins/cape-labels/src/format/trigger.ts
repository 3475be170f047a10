import type { RunTrigger } from '@smartx-cape/plugin-cape-labels-common';
import type { CapeLabelsT } from '../translation';

/**
 * A trigger as the UI names it (`external`, a start by the scheduler's endpoint, was only a
 * preview).
 */
export function triggerName(trigger: RunTrigger, t: CapeLabelsT): string {
  return t(`trigger.${trigger}`);
}
