import { Flex } from '@backstage/ui';
import { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import {
  formatClock,
  formatDuration,
  formatRelations,
  triggerLabel,
} from '../../format';
import { runFactTestIds } from '../../testIds';
import { Field } from './Field';
import styles from './TowerDetails.module.css';

/** Trigger, duration, replica and the counts the row does not show. */
export const RunFacts = ({
  run,
  testId,
}: {
  run: RunSummary;
  testId: string;
}) => {
  const ids = runFactTestIds(testId);
  return (
    <Flex gap="4" className={styles.facts}>
      <Field label="Trigger">
        <span data-testid={ids.trigger}>{triggerLabel(run)}</span>
      </Field>
      <Field label="Duration">
        <span data-testid={ids.duration}>{formatDuration(run.durationMs)}</span>
      </Field>
      <Field label="Replica">
        <span data-testid={ids.instance}>{run.instance}</span>
      </Field>
      {run.clock && (
        <Field label="Clock">
          <span data-testid={ids.clock}>{formatClock(run.clock)}</span>
        </Field>
      )}
      {run.relations && (
        <Field label="References checked">
          <span
            data-testid={ids.relations}
            title={run.relations.checked.join(', ')}
          >
            {formatRelations(run.relations)}
          </span>
        </Field>
      )}
      <Field label="Kept">{run.counts.kept}</Field>
      <Field label="Failed">{run.counts.failed}</Field>
      {run.dryRun && <Field label="Mode">dry run</Field>}
    </Flex>
  );
};
