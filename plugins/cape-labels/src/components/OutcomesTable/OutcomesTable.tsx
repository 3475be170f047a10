import { useState } from 'react';
import { Flex, Row, Table, Text } from '@backstage/ui';
import { LabelAction } from '@smartx-cape/plugin-cape-labels-common';
import { useOutcomes } from '../../hooks';
import { outcomesTestIds } from '../../testIds';
import { OutcomeFilters } from './OutcomeFilters';
import { OutcomeItem, outcomeColumns } from './columns';

export const OUTCOMES_PAGE_SIZE = 10;

/** "1–10 of 11" under the table. */
function rangeLabel(p: {
  pageSize: number;
  offset?: number;
  totalCount?: number;
}) {
  const from = (p.offset ?? 0) + 1;
  const to = Math.min((p.offset ?? 0) + p.pageSize, p.totalCount ?? 0);
  return `${from}–${to} of ${p.totalCount ?? 0}`;
}

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
  const items: OutcomeItem[] | undefined = value?.items.map(o => ({
    ...o,
    id: o.labelId,
  }));
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
      {error ? (
        <Text color="danger" variant="body-small">
          Could not load labels: {error.message}
        </Text>
      ) : (
        <Table
          columnConfig={outcomeColumns}
          data={items}
          isPending={loading && !value}
          isStale={loading && !!value}
          emptyState={
            <Text variant="body-small" color="secondary">
              No labels{action ? ` with outcome ${action}` : ''} in this run.
            </Text>
          }
          rowConfig={({ item }) => (
            <Row
              id={item.id}
              columns={outcomeColumns}
              data-testid={ids.row(item.id)}
            >
              {column => column.cell(item)}
            </Row>
          )}
          pagination={{
            type: 'page',
            pageSize: OUTCOMES_PAGE_SIZE,
            pageSizeOptions: [],
            offset,
            totalCount: total,
            hasPreviousPage: offset > 0,
            hasNextPage: offset + OUTCOMES_PAGE_SIZE < total,
            onPreviousPage: () =>
              setOffset(Math.max(0, offset - OUTCOMES_PAGE_SIZE)),
            onNextPage: () => setOffset(offset + OUTCOMES_PAGE_SIZE),
            getLabel: rangeLabel,
          }}
        />
      )}
    </Flex>
  );
};
