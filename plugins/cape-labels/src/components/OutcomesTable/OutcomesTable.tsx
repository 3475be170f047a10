import { useState } from 'react';
import { Button, Flex, Text } from '@backstage/ui';
import { LabelAction } from '@smartx-cape/plugin-cape-labels-common';
import { exactTime, relativeTime } from '../../format';
import { useOutcomes } from '../../hooks';
import { outcomesTestIds } from '../../testIds';
import { OutcomeFilters } from './OutcomeFilters';
import styles from './OutcomesTable.module.css';

export const OUTCOMES_PAGE_SIZE = 10;

/** The labels a run deleted or kept, with reasons, a page at a time. */
export const OutcomesTable = (props: { runId: string; refreshKey: string }) => {
  const { runId, refreshKey } = props;
  const [offset, setOffset] = useState(0);
  const [action, setAction] = useState<LabelAction>();
  const { loading, value, error } = useOutcomes(runId, {
    limit: OUTCOMES_PAGE_SIZE,
    offset,
    action,
    refreshKey,
  });
  const ids = outcomesTestIds(runId);

  const total = value?.total ?? 0;
  return (
    <Flex direction="column" gap="2" data-testid={ids.table}>
      <OutcomeFilters
        action={action}
        onChange={next => {
          setAction(next);
          setOffset(0);
        }}
      />
      {error && (
        <Text color="danger" variant="body-small">
          Could not load labels: {error.message}
        </Text>
      )}
      {!error && value && value.items.length === 0 && (
        <Text variant="body-small" color="secondary">
          No labels{action ? ` with outcome ${action}` : ''} in this run.
        </Text>
      )}
      {value && value.items.length > 0 && (
        <table className={styles.table}>
          <thead>
            <tr>
              <th>Label</th>
              <th>Outcome</th>
              <th>Reason</th>
              <th>Created</th>
            </tr>
          </thead>
          <tbody>
            {value.items.map(o => (
              <tr key={o.labelId} data-testid={ids.row(o.labelId)}>
                <td>
                  <code>
                    {o.key}
                    {o.value !== null ? `=${o.value}` : ''}
                  </code>
                </td>
                <td>{o.action}</td>
                <td>{o.reason ?? ''}</td>
                <td title={exactTime(o.createdAt)}>
                  {relativeTime(o.createdAt)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {total > 0 && (
        <Flex align="center" gap="2">
          <Button
            size="small"
            variant="secondary"
            isDisabled={offset === 0 || loading}
            onPress={() => setOffset(Math.max(0, offset - OUTCOMES_PAGE_SIZE))}
          >
            Previous
          </Button>
          <Text variant="body-small" data-testid={ids.range}>
            {offset + 1}–{Math.min(offset + OUTCOMES_PAGE_SIZE, total)} of{' '}
            {total}
          </Text>
          <Button
            size="small"
            variant="secondary"
            isDisabled={offset + OUTCOMES_PAGE_SIZE >= total || loading}
            onPress={() => setOffset(offset + OUTCOMES_PAGE_SIZE)}
          >
            Next
          </Button>
        </Flex>
      )}
    </Flex>
  );
};
