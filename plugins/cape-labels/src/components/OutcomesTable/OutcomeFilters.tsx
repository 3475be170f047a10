import { Button, Flex } from '@backstage/ui';
import { LabelAction } from '@smartx-cape/plugin-cape-labels-common';
import styles from './OutcomesTable.module.css';

const FILTERS: Array<{ label: string; action?: LabelAction }> = [
  { label: 'All' },
  { label: 'Deleted', action: 'deleted' },
  { label: 'Would delete', action: 'would-delete' },
  { label: 'Kept', action: 'kept' },
  { label: 'Failed', action: 'failed' },
];

/** One button per outcome (and "All"); the chosen one is highlighted. */
export const OutcomeFilters = (props: {
  action?: LabelAction;
  onChange: (action?: LabelAction) => void;
}) => (
  <Flex gap="1" className={styles.filters}>
    {FILTERS.map(f => (
      <Button
        key={f.label}
        size="small"
        variant={f.action === props.action ? 'primary' : 'tertiary'}
        onPress={() => props.onChange(f.action)}
      >
        {f.label}
      </Button>
    ))}
  </Flex>
);
