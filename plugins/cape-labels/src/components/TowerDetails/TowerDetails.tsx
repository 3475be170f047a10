import { Box, Flex, Text } from '@backstage/ui';
import { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import { runErrorText } from '../../format';
import { useLang } from '../../translation';
import { OutcomesTable } from '../OutcomesTable';
import { EarlierRuns } from './EarlierRuns';
import { RunFacts } from './RunFacts';
import { RunNotes } from './RunNotes';
import styles from './TowerDetails.module.css';

/** Expanded view of a Tower: its last run's details, outcomes and history. */
export const TowerDetails = ({ tower }: { tower: TowerSummary }) => {
  const run = tower.lastRun;
  const { t } = useLang();
  if (!run) {
    return (
      <Box className={styles.notSwept}>
        <Text variant="body-small" color="secondary">
          {t('common.notSwept')}
        </Text>
      </Box>
    );
  }
  // refetch when the run moves on (polling updates the summary)
  const refreshKey = `${run.id}:${run.status}:${run.counts.scanned}:${run.counts.deleted}`;
  return (
    <Flex direction="column" gap="3" className={styles.details}>
      <Text variant="body-medium" weight="bold">
        {t('details.lastRun')}
      </Text>
      <RunFacts run={run} />
      {run.error && (
        <Text as="p" variant="body-small" color="danger">
          {run.error.code
            ? t('details.errorWithCode', {
                code: run.error.code,
                message: runErrorText(run.error, t),
              })
            : t('details.error', { message: run.error.message })}
        </Text>
      )}
      <RunNotes run={run} />
      <OutcomesTable runId={run.id} refreshKey={refreshKey} />
      <Text variant="body-medium" weight="bold">
        {t('details.earlierRuns')}
      </Text>
      <EarlierRuns tower={tower} refreshKey={run.id} />
    </Flex>
  );
};
