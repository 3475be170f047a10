import { Cell, CellText, ColumnConfig } from '@backstage/ui';
import { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import { exactTime, formatReason, relativeTime } from '../../format';

/** One row of the table: an outcome keyed by its label id. */
export type OutcomeItem = LabelOutcome & { id: string };

export const outcomeColumns: ColumnConfig<OutcomeItem>[] = [
  {
    id: 'label',
    label: 'Label',
    isRowHeader: true,
    cell: o => (
      <Cell>
        <code>
          {o.key}
          {o.value !== null ? `=${o.value}` : ''}
        </code>
      </Cell>
    ),
  },
  { id: 'action', label: 'Outcome', cell: o => <CellText title={o.action} /> },
  {
    id: 'reason',
    label: 'Reason',
    cell: o => <CellText title={formatReason(o)} />,
  },
  {
    id: 'created',
    label: 'Created',
    cell: o => (
      <Cell>
        <span title={exactTime(o.createdAt)}>{relativeTime(o.createdAt)}</span>
      </Cell>
    ),
  },
];
