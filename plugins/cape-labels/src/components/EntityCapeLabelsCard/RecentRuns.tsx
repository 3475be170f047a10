import { Text } from '@backstage/ui';
import type {
  RunSummary,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import { exactTime, formatCount, relativeTime, runCounts } from '../../format';
import { useLatestRuns } from '../../hooks';
import { useLang, type Lang } from '../../translation';
import { TriggerLabel } from '../EntityName';
import { StatusChip } from '../StatusChip';
import styles from './RecentRuns.module.css';

/** How many runs the entity card lists. */
export const RECENT_RUNS = 10;

/** An external run is a preview: its label says so already. */
function dryRunSuffix(run: RunSummary, { t }: Lang): string {
  return run.dryRun && run.trigger !== 'external'
    ? t('common.dryRunSuffix')
    : '';
}

const RunLine = ({ run }: { run: RunSummary }) => {
  const lang = useLang();
  return (
    <tr>
      <td title={exactTime(run.startedAt, lang.locale)}>
        {relativeTime(run.startedAt, lang.locale)}
      </td>
      <td>
        <StatusChip status={run.status} />
      </td>
      <td>
        <TriggerLabel run={run} />
        {dryRunSuffix(run, lang)}
      </td>
      <td>
        {runCounts(run, ['kept', 'failed'], lang).join(
          lang.t('counts.separator'),
        )}
      </td>
    </tr>
  );
};

/** The Tower's newest runs, one line each; loads again when its last run moves on. */
export const RecentRuns = ({ tower }: { tower: TowerSummary }) => {
  const runs = useLatestRuns(tower, RECENT_RUNS);
  const { t, locale } = useLang();
  if (runs.error) {
    return (
      <Text variant="body-small" color="danger">
        {t('entityCard.runsError', { message: runs.error.message })}
      </Text>
    );
  }
  if (!runs.value?.length) {
    return runs.loading ? null : (
      <Text variant="body-small" color="secondary">
        {t('entityCard.noRuns')}
      </Text>
    );
  }
  return (
    <table
      className={styles.runs}
      aria-label={t('page.lastRuns', { n: formatCount(RECENT_RUNS, locale) })}
    >
      <thead>
        <tr>
          <th>{t('runs.started')}</th>
          <th>{t('runs.status')}</th>
          <th>{t('runs.trigger')}</th>
          <th>{t('runs.labels')}</th>
        </tr>
      </thead>
      <tbody>
        {runs.value.map(run => (
          <RunLine key={run.id} run={run} />
        ))}
      </tbody>
    </table>
  );
};
