import { Button, Cell, CellText, ColumnConfig } from '@backstage/ui';
import { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import {
  exactTime,
  formatClock,
  formatDuration,
  relativeTime,
  runHeadline,
  triggerName,
} from '../../format';
import { StatusChip } from '../StatusChip';
import styles from './RunHistory.module.css';

/** One row of the history: a run keyed by its id. */
export type RunItem = RunSummary & { selected: boolean };

/** "12 deleted · 30 candidates · 229 scanned · 2 failed". */
export function countsText(run: RunSummary): string {
  const { label, value } = runHeadline(run);
  const { candidates, scanned, kept, failed } = run.counts;
  return [
    `${value} ${label}`,
    `${candidates} candidates`,
    `${scanned} scanned`,
    `${kept} kept`,
    ...(failed ? [`${failed} failed`] : []),
  ].join(' · ');
}

/** Text that wraps instead of being cut (CellText keeps to one line). */
const WrappedCell = ({ text }: { text: string }) => (
  <Cell>
    <span className={styles.wrap}>{text}</span>
  </Cell>
);

export function runColumns(
  onSelect: (runId: string) => void,
  testIdOf: (runId: string) => string,
): ColumnConfig<RunItem>[] {
  return [
    {
      id: 'started',
      label: 'Started',
      isRowHeader: true,
      cell: r => (
        <Cell>
          <span title={exactTime(r.startedAt)}>
            {relativeTime(r.startedAt)}
          </span>
        </Cell>
      ),
    },
    {
      id: 'status',
      label: 'Status',
      cell: r => (
        <Cell>
          <StatusChip status={r.status} />
          {r.dryRun ? ' (dry run)' : ''}
        </Cell>
      ),
    },
    {
      id: 'trigger',
      label: 'Trigger',
      cell: r => <CellText title={triggerName(r.trigger)} />,
    },
    {
      id: 'requestedBy',
      label: 'Asked by',
      cell: r => <CellText title={r.requestedBy ?? '—'} />,
    },
    {
      id: 'duration',
      label: 'Duration',
      cell: r => <CellText title={formatDuration(r.durationMs)} />,
    },
    {
      id: 'counts',
      label: 'Counts',
      cell: r => <CellText title={countsText(r)} />,
    },
    {
      id: 'replica',
      label: 'Replica',
      cell: r => <CellText title={r.instance} />,
    },
    {
      id: 'clock',
      label: 'Tower clock',
      cell: r => <WrappedCell text={r.clock ? formatClock(r.clock) : '—'} />,
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
            data-testid={testIdOf(r.id)}
          >
            Labels
          </Button>
        </Cell>
      ),
    },
  ];
}
