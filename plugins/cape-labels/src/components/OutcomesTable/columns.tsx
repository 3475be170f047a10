import { Cell, CellText, ColumnConfig } from '@backstage/ui';
import { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';
import {
  actionName,
  exactTime,
  formatReason,
  relativeTime,
} from '../../format';
import type { Lang } from '../../translation';

/** One row of the table: an outcome keyed by its label id. */
export type OutcomeItem = LabelOutcome & { id: string };

/** The table's columns, headed and filled in `lang`. */
export function outcomeColumns({
  t,
  locale,
}: Lang): ColumnConfig<OutcomeItem>[] {
  return [
    {
      id: 'label',
      label: t('outcomes.label'),
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
    {
      id: 'action',
      label: t('outcomes.outcome'),
      cell: o => <CellText title={actionName(o.action, t)} />,
    },
    {
      id: 'reason',
      label: t('outcomes.reason'),
      cell: o => <CellText title={formatReason(o, t)} />,
    },
    {
      id: 'created',
      label: t('outcomes.created'),
      cell: o => (
        <Cell>
          <span title={exactTime(o.createdAt, locale)}>
            {relativeTime(o.createdAt, locale)}
          </span>
        </Cell>
      ),
    },
  ];
}
