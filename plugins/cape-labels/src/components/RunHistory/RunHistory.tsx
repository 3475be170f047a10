import { useMemo } from 'react';
import { Flex, Row, Skeleton, Table, Text } from '@backstage/ui';
import { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import { useLang } from '../../translation';
import { HistoryChart } from '../RunTrend';
import { RunItem, runColumns } from './columns';

/** A Tower's recent runs: the trend, large, over a table of the same runs (newest first). */
export const RunHistory = (props: {
  runs: RunSummary[] | undefined;
  loading: boolean;
  error?: Error;
  selectedRunId?: string;
  onSelect: (runId: string) => void;
}) => {
  const { runs, selectedRunId, onSelect } = props;
  const lang = useLang();
  const columns = useMemo(() => runColumns(onSelect, lang), [onSelect, lang]);
  if (props.error)
    return (
      <Text color="danger" variant="body-small">
        {lang.t('runs.error', { message: props.error.message })}
      </Text>
    );
  if (!runs) return <Skeleton height={120} />;
  const items: RunItem[] = runs.map(r => ({
    ...r,
    selected: r.id === selectedRunId,
  }));
  return (
    <Flex direction="column" gap="3">
      {runs.length > 0 && <HistoryChart runs={runs} />}
      <Table
        columnConfig={columns}
        data={items}
        isStale={props.loading}
        pagination={{ type: 'none' }}
        emptyState={
          <Text variant="body-small" color="secondary">
            {lang.t('common.notSwept')}
          </Text>
        }
        rowConfig={({ item }) => (
          <Row
            id={item.id}
            columns={columns}
            data-selected={item.selected ? 'true' : 'false'}
          >
            {column => column.cell(item)}
          </Row>
        )}
      />
    </Flex>
  );
};
