import { useMemo, useState } from 'react';
import { Flex, Row, Table, Text } from '@backstage/ui';
import {
  LabelAction,
  OutcomeFilter,
} from '@smartx-cape/plugin-cape-labels-common';
import {
  actionName,
  formatAlternatives,
  formatCount,
  reasonName,
} from '../../format';
import { useOutcomes } from '../../hooks';
import { useLang, type Lang } from '../../translation';
import { OutcomeFilters } from './OutcomeFilters';
import { OutcomeItem, outcomeColumns } from './columns';

const OUTCOMES_PAGE_SIZE = 10;

/** "1–10 of 11" under the table. */
function rangeLabel(
  { t, locale }: Lang,
  p: { pageSize: number; offset?: number; totalCount?: number },
) {
  const from = (p.offset ?? 0) + 1;
  const to = Math.min((p.offset ?? 0) + p.pageSize, p.totalCount ?? 0);
  const n = (value: number) => formatCount(value, locale);
  return t('outcomes.range', {
    from: n(from),
    to: n(to),
    total: n(p.totalCount ?? 0),
  });
}

/** What the table says when no label is left to show. */
function emptyText({ t }: Lang, action?: LabelAction, filtered = false) {
  if (!action)
    return filtered ? t('outcomes.emptyFiltered') : t('outcomes.empty');
  const name = actionName(action, t);
  return filtered
    ? t('outcomes.emptyActionFiltered', { action: name })
    : t('outcomes.emptyAction', { action: name });
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
  const lang = useLang();
  const columns = useMemo(() => outcomeColumns(lang), [lang]);
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
  const items: OutcomeItem[] | undefined = value?.items.map(o => ({
    ...o,
    id: o.labelId,
  }));
  const total = value?.total ?? 0;
  const countedOnly = value?.countedOnly ?? [];

  return (
    <Flex direction="column" gap="2">
      {!filter && <OutcomeFilters action={action} onChange={setAction} />}
      {error ? (
        <Text color="danger" variant="body-small">
          {lang.t('outcomes.error', { message: error.message })}
        </Text>
      ) : (
        <Table
          columnConfig={columns}
          data={items}
          isPending={loading && !value}
          isStale={loading && !!value}
          emptyState={
            <Text variant="body-small" color="secondary">
              {emptyText(lang, action, !!filter)}
            </Text>
          }
          rowConfig={({ item }) => (
            <Row id={item.id} columns={columns}>
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
            getLabel: p => rangeLabel(lang, p),
          }}
        />
      )}
      {countedOnly.length > 0 && (
        <Text variant="body-small" color="secondary">
          {lang.t('outcomes.countedOnly', {
            reasons: formatAlternatives(
              countedOnly.map(r => reasonName(r, lang.t)),
              lang.locale,
            ),
          })}
        </Text>
      )}
    </Flex>
  );
};
