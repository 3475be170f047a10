import { useEffect, useState } from 'react';
import useDebounce from 'react-use/esm/useDebounce';
import { Flex, SearchField, Select } from '@backstage/ui';
import {
  OUTCOME_REASONS,
  LABEL_ACTIONS,
  type OutcomeReason,
  type LabelAction,
  type OutcomeFilter,
} from '@smartx-cape/plugin-cape-labels-common';
import { labelFilterTestIds } from '../../testIds';
import styles from './LabelFilters.module.css';

const ANY = 'any';
/** The backend refuses longer searches. */
export const MAX_SEARCH_LENGTH = 200;
const SEARCH_DELAY_MS = 300;

const options = (values: readonly string[]) => [
  { id: ANY, label: 'Any' },
  ...values.map(v => ({ id: v, label: v })),
];

const chosen = <T extends string>(key: unknown): T | undefined =>
  key === ANY || key === null || key === undefined ? undefined : (key as T);

/** Outcome, reason and key pickers and a value search (sent once typing pauses). */
export const LabelFilters = (props: {
  filter: OutcomeFilter;
  keys: readonly string[];
  onChange: (filter: OutcomeFilter) => void;
}) => {
  const { filter, keys, onChange } = props;
  const [search, setSearch] = useState(filter.search ?? '');
  useEffect(() => setSearch(filter.search ?? ''), [filter.search]);
  useDebounce(
    () => {
      const next = search.trim() || undefined;
      if (next !== filter.search) onChange({ ...filter, search: next });
    },
    SEARCH_DELAY_MS,
    [search],
  );

  return (
    <Flex gap="3" align="end" className={styles.filters}>
      <Select
        label="Outcome"
        options={options(LABEL_ACTIONS)}
        value={filter.action ?? ANY}
        onChange={key =>
          onChange({ ...filter, action: chosen<LabelAction>(key) })
        }
        data-testid={labelFilterTestIds.action}
      />
      <Select
        label="Reason"
        options={options(OUTCOME_REASONS)}
        value={filter.reason ?? ANY}
        onChange={key =>
          onChange({ ...filter, reason: chosen<OutcomeReason>(key) })
        }
        data-testid={labelFilterTestIds.reason}
      />
      <Select
        label="Key"
        options={options(keys)}
        value={filter.key ?? ANY}
        onChange={key => onChange({ ...filter, key: chosen<string>(key) })}
        data-testid={labelFilterTestIds.key}
      />
      <SearchField
        label="Value contains"
        aria-label="Value contains"
        placeholder="e.g. cluster name"
        value={search}
        maxLength={MAX_SEARCH_LENGTH}
        onChange={setSearch}
        data-testid={labelFilterTestIds.search}
      />
    </Flex>
  );
};
