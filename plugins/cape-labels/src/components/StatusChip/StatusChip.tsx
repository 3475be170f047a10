import { Text, TextColors, TextColorStatus } from '@backstage/ui';
import { statusName, type ChipStatus } from '../../format';
import { useLang } from '../../translation';
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

/** A live status, so that a screen reader hears a polled run finish. */
export const StatusChip = (props: { status: ChipStatus }) => {
  const { t } = useLang();
  return (
    <Text
      as="span"
      variant="body-small"
      weight="bold"
      color={colors[props.status]}
      className={`${styles.chip} ${props.status === 'running' ? styles.running : ''}`}
      role="status"
    >
      <span className={styles.dot} aria-hidden="true" />
      {statusName(props.status, t)}
    </Text>
  );
};
