import { Box, Flex, Text } from '@backstage/ui';
import { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import { runFactTestIds, towerTestIds } from '../../testIds';
import { OutcomesTable } from '../OutcomesTable';
import { EarlierRuns } from './EarlierRuns';
import { RunFacts } from './RunFacts';
import { RunNotes } from './RunNotes';
import styles from './TowerDetails.module.css';

/** Expanded view of a Tower: its last run's details, outcomes and history. */
export const TowerDetails = ({ tower }: { tower: TowerSummary }) => {
  const run = tower.lastRun;
  const testId = towerTestIds(tower.id).details;
  if (!run) {
    return (
      <Box data-testid={testId} className={styles.notSwept}>
        <Text variant="body-small" color="secondary">
          This Tower has not been swept yet.
        </Text>
      </Box>
    );
  }
  // refetch when the run moves on (polling updates the summary)
  const refreshKey = `${run.id}:${run.status}:${run.counts.scanned}:${run.counts.deleted}`;
  return (
    <Flex
      direction="column"
      gap="3"
      data-testid={testId}
      className={styles.details}
    >
      <Text variant="body-medium" weight="bold">
        Last run
      </Text>
      <RunFacts run={run} testId={testId} />
      {run.error && (
        <Text
          as="p"
          variant="body-small"
          color="danger"
          data-testid={runFactTestIds(testId).error}
        >
          Error{run.error.code ? ` (${run.error.code})` : ''}:{' '}
          {run.error.message}
        </Text>
      )}
      <RunNotes run={run} testId={runFactTestIds(testId).notes} />
      <OutcomesTable runId={run.id} refreshKey={refreshKey} />
      <Text variant="body-medium" weight="bold">
        Earlier runs
      </Text>
      <EarlierRuns tower={tower} refreshKey={run.id} />
    </Flex>
  );
};
