import {
  StatusAborted,
  StatusError,
  StatusOK,
  StatusPending,
  StatusRunning,
  StatusWarning,
} from '@backstage/core-components';
import type { ChipStatus } from '../../format';

const components = {
  succeeded: StatusOK,
  partial: StatusWarning,
  failed: StatusError,
  aborted: StatusAborted,
  running: StatusRunning,
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
