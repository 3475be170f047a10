import { Button, Flex } from '@backstage/ui';
import { LabelAction } from '@smartx-cape/plugin-cape-labels-common';
import { useLang } from '../../translation';
import styles from './OutcomesTable.module.css';

const FILTERS = [
  { key: 'outcomes.all' },
  { key: 'outcomes.deleted', action: 'deleted' },
  { key: 'outcomes.wouldDelete', action: 'would-delete' },
  { key: 'outcomes.kept', action: 'kept' },
  { key: 'outcomes.failed', action: 'failed' },
] as const satisfies ReadonlyArray<{ key: string; action?: LabelAction }>;

/** One button per outcome (and "All"); the chosen one is highlighted. */
export const OutcomeFilters = (props: {
  action?: LabelAction;
  onChange: (action?: LabelAction) => void;
}) => {
  const { t } = useLang();
  return (
    <Flex gap="1" className={styles.filters}>
      {FILTERS.map(f => {
        const action: LabelAction | undefined =
          'action' in f ? f.action : undefined;
        return (
          <Button
            key={f.key}
            size="small"
            variant={action === props.action ? 'primary' : 'tertiary'}
            onPress={() => props.onChange(action)}
          >
            {t(f.key)}
          </Button>
        );
      })}
    </Flex>
  );
};
