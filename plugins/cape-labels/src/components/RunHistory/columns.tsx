import { Button, Cell, CellText, ColumnConfig } from '@backstage/ui';
import { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import {
  exactTime,
  formatClock,
  formatDuration,
  relativeTime,
  runCounts,
  triggerName,
} from '../../format';
import type { Lang } from '../../translation';
import { EntityName } from '../EntityName';
import { StatusChip } from '../StatusChip';
import styles from './RunHistory.module.css';

/** One row of the history: a run keyed by its id. */
export type RunItem = RunSummary & { selected: boolean };

/** "12 deleted · 30 candidates · 229 scanned · 2 kept · 2 failed". */
function countsText(run: RunSummary, lang: Lang): string {
  return runCounts(run, ['candidates', 'scanned', 'kept', 'failed'], lang).join(
    ' · ',
  );
}

/** Text that wraps instead of being cut (CellText keeps to one line). */
const WrappedCell = ({ text }: { text: string }) => (
  <Cell>
    <span className={styles.wrap}>{text}</span>
  </Cell>
);

export function runColumns(
  onSelect: (runId: string) => void,
  lang: Lang,
): ColumnConfig<RunItem>[] {
  const { t, locale } = lang;
  return [
    {
      id: 'started',
      label: t('runs.started'),
      isRowHeader: true,
      cell: r => (
        <Cell>
          <span title={exactTime(r.startedAt, locale)}>
            {relativeTime(r.startedAt, locale)}
          </span>
        </Cell>
      ),
    },
    {
      id: 'status',
      label: t('runs.status'),
      cell: r => (
        <Cell>
          <StatusChip status={r.status} />
          {r.dryRun ? t('common.dryRunSuffix') : ''}
        </Cell>
      ),
    },
    {
      id: 'trigger',
      label: t('runs.trigger'),
      cell: r => <CellText title={triggerName(r.trigger, t)} />,
    },
    {
      id: 'requestedBy',
      label: t('runs.requestedBy'),
      cell: r => (
        <Cell>
          {r.requestedBy ? <EntityName entityRef={r.requestedBy} /> : '—'}
        </Cell>
      ),
    },
    {
      id: 'duration',
      label: t('runs.duration'),
      cell: r => <CellText title={formatDuration(r.durationMs, lang)} />,
    },
    {
      id: 'counts',
      label: t('runs.counts'),
      cell: r => <CellText title={countsText(r, lang)} />,
    },
    {
      id: 'replica',
      label: t('runs.replica'),
      cell: r => <CellText title={r.instance} />,
    },
    {
      id: 'clock',
      label: t('runs.clock'),
      cell: r => (
        <WrappedCell text={r.clock ? formatClock(r.clock, lang) : '—'} />
      ),
    },
    {
      id: 'labels',
      label: '',
      cell: r => (
        <Cell>
          <Button
            size="small"
            variant={r.selected ? 'primary' : 'tertiary'}
            onPress={() => onSelect(r.id)}
            aria-pressed={r.selected}
            aria-label={t('runs.labelsOf', { runId: r.id })}
          >
            {t('runs.labels')}
          </Button>
        </Cell>
      ),
    },
  ];
}
