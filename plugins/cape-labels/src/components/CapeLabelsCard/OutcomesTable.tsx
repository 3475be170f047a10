import { useState } from 'react';
import { useApi } from '@backstage/core-plugin-api';
import { Button, Flex, Text } from '@backstage/ui';
import { LabelAction } from '@smartx-cape/plugin-cape-labels-common';
import { capeLabelsApiRef } from '../../api';
import { exactTime, relativeTime } from './format';
import { useAsync } from './useAsync';

export const OUTCOMES_PAGE_SIZE = 10;

const FILTERS: Array<{ label: string; action?: LabelAction }> = [
  { label: 'All' },
  { label: 'Deleted', action: 'deleted' },
  { label: 'Would delete', action: 'would-delete' },
  { label: 'Kept', action: 'kept' },
  { label: 'Failed', action: 'failed' },
];

const cell = { padding: '4px 8px', textAlign: 'left' as const };

/** The labels a run deleted or kept, with reasons, a page at a time. */
export const OutcomesTable = (props: { runId: string; refreshKey: string }) => {
  const { runId, refreshKey } = props;
  const api = useApi(capeLabelsApiRef);
  const [offset, setOffset] = useState(0);
  const [action, setAction] = useState<LabelAction>();
  const { loading, value, error } = useAsync(
    () =>
      api.listOutcomes(runId, { limit: OUTCOMES_PAGE_SIZE, offset, action }),
    [api, runId, offset, action, refreshKey],
  );

  const total = value?.total ?? 0;
  return (
    <Flex direction="column" gap="2" data-testid={`cape-outcomes-${runId}`}>
      <Flex gap="1" style={{ flexWrap: 'wrap' }}>
        {FILTERS.map(f => (
          <Button
            key={f.label}
            size="small"
            variant={f.action === action ? 'primary' : 'tertiary'}
            onPress={() => {
              setAction(f.action);
              setOffset(0);
            }}
          >
            {f.label}
          </Button>
        ))}
      </Flex>
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
        <table style={{ borderCollapse: 'collapse', width: '100%' }}>
          <thead>
            <tr>
              <th style={cell}>Label</th>
              <th style={cell}>Outcome</th>
              <th style={cell}>Reason</th>
              <th style={cell}>Created</th>
            </tr>
          </thead>
          <tbody>
            {value.items.map(o => (
              <tr key={o.labelId} data-testid={`cape-outcome-${o.labelId}`}>
                <td style={cell}>
                  <code>
                    {o.key}
                    {o.value !== null ? `=${o.value}` : ''}
                  </code>
                </td>
                <td style={cell}>{o.action}</td>
                <td style={cell}>{o.reason ?? ''}</td>
                <td style={cell} title={exactTime(o.createdAt)}>
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
          <Text
            variant="body-small"
            data-testid={`cape-outcomes-${runId}-range`}
          >
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
