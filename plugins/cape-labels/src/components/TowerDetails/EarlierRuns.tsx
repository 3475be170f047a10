import { Flex, Text } from '@backstage/ui';
import { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import { exactTime, relativeTime, runCounts } from '../../format';
import { useRuns } from '../../hooks';
import { useLang } from '../../translation';
import { StatusChip } from '../StatusChip';
import styles from './TowerDetails.module.css';

const EARLIER_RUNS = 5;

/** The few runs before a Tower's last one. */
export const EarlierRuns = (props: {
  tower: TowerSummary;
  refreshKey: string;
}) => {
  const { tower, refreshKey } = props;
  const lang = useLang();
  const { t, locale } = lang;
  const runs = useRuns(tower.id, {
    limit: EARLIER_RUNS,
    before: tower.lastRun?.id,
    enabled: !!tower.lastRun,
    refreshKey,
  });
  if (runs.error) {
    return (
      <Text variant="body-small" color="danger">
        {t('details.earlierRunsError', { message: runs.error.message })}
      </Text>
    );
  }
  if (!runs.value || runs.value.length === 0) {
    return runs.loading ? null : (
      <Text variant="body-small" color="secondary">
        {t('details.noEarlierRuns')}
      </Text>
    );
  }
  return (
    <ul className={styles.earlierRuns} aria-label={t('details.earlierRuns')}>
      {runs.value.map(r => (
        <li key={r.id}>
          <Flex gap="2" align="center">
            <StatusChip status={r.status} />
            <Text variant="body-small" title={exactTime(r.startedAt, locale)}>
              {relativeTime(r.startedAt, locale)}
            </Text>
            <Text variant="body-small" color="secondary">
              {[
                ...runCounts(r, ['candidates', 'scanned'], lang),
                ...(r.dryRun ? [t('common.dryRun')] : []),
              ].join(' · ')}
            </Text>
          </Flex>
        </li>
      ))}
    </ul>
  );
};
