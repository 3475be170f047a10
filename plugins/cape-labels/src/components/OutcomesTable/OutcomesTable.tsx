import { useState } from 'react';
import { Flex, Row, Table, Text } from '@backstage/ui';
import {
  LabelAction,
  OutcomeFilter,
} from '@smartx-cape/plugin-cape-labels-common';
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

/**
 * The labels a run deleted or kept, with reasons, a page at a time. With `filter` the caller
 * owns the filters (the Tower page); without, outcome buttons sit above the table (the card).
 */
export const OutcomesTable = (props: {
  runId: string;
  refreshKey: string;
  filter?: OutcomeFilter;
}) => {
  const { runId, refreshKey, filter } = props;
  const [ownAction, setAction] = useState<LabelAction>();
  const action = filter ? filter.action : ownAction;
  // the page belongs to the filters it was chosen under: new filters start at the first page
  const filterKey = JSON.stringify({ ...filter, action });
  const [page, setPage] = useState({ filterKey, offset: 0 });
  const offset = page.filterKey === filterKey ? page.offset : 0;
  const setOffset = (next: number) => setPage({ filterKey, offset: next });
  const { loading, value, error } = useOutcomes(runId, {
    ...filter,
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
  const countedOnly = value?.countedOnly ?? [];

  return (
    <Flex direction="column" gap="2" data-testid={ids.table}>
      {!filter && <OutcomeFilters action={action} onChange={setAction} />}
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
              No labels{action ? ` with outcome ${action}` : ''}
              {filter ? ' matching these filters' : ''} in this run.
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
      {countedOnly.length > 0 && (
        <Text
          variant="body-small"
          color="secondary"
          data-testid={ids.countedOnly}
        >
          Labels kept as {countedOnly.join(' or ')} are counted, not listed, for
          this run: only the Tower's newest runs list them.
        </Text>
      )}
    </Flex>
  );
};
