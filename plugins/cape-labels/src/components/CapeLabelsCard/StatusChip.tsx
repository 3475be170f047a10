import {
  StatusAborted,
  StatusError,
  StatusOK,
  StatusPending,
  StatusRunning,
  StatusWarning,
} from '@backstage/core-components';
import { RunStatus } from '@smartx-cape/plugin-cape-labels-common';

/** What the chip shows: a run status, or `never run`. */
export type ChipStatus = RunStatus | 'never run';

const components = {
  succeeded: StatusOK,
  partial: StatusWarning,
  failed: StatusError,
  aborted: StatusAborted,
  running: StatusRunning,
  lost: StatusError,
  'never run': StatusPending,
} as const;

/** A coloured status label for the last run of a Tower. */
export const StatusChip = (props: { status: ChipStatus; testId?: string }) => {
  const Component = components[props.status];
  return (
    <span data-testid={props.testId} data-status={props.status}>
      <Component>{props.status}</Component>
    </span>
  );
};
