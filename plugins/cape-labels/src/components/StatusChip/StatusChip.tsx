import { Text, TextColors, TextColorStatus } from '@backstage/ui';
import type { ChipStatus } from '../../format';
import styles from './StatusChip.module.css';

const colors: Record<ChipStatus, TextColors | TextColorStatus> = {
  succeeded: 'success',
  partial: 'warning',
  failed: 'danger',
  aborted: 'secondary',
  running: 'info',
  lost: 'danger',
  'never run': 'secondary',
};

/** A coloured status label for the last run of a Tower. */
export const StatusChip = (props: { status: ChipStatus; testId?: string }) => (
  <Text
    as="span"
    variant="body-small"
    weight="bold"
    color={colors[props.status]}
    className={`${styles.chip} ${props.status === 'running' ? styles.running : ''}`}
    data-testid={props.testId}
    data-status={props.status}
  >
    <span className={styles.dot} aria-hidden="true" />
    {props.status}
  </Text>
);
