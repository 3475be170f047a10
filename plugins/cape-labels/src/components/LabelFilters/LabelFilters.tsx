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
import { actionName, reasonName } from '../../format';
import { useLang } from '../../translation';
import styles from './LabelFilters.module.css';

const ANY = 'any';
/** The backend refuses longer searches. */
const MAX_SEARCH_LENGTH = 200;
const SEARCH_DELAY_MS = 300;

const options = <T extends string>(
  anyLabel: string,
  values: readonly T[],
  name: (value: T) => string,
) => [
  { id: ANY, label: anyLabel },
  ...values.map(v => ({ id: v, label: name(v) })),
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
  const { t } = useLang();
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
  const any = t('filters.any');

  return (
    <Flex gap="3" align="end" className={styles.filters}>
      <Select
        label={t('filters.outcome')}
        options={options(any, LABEL_ACTIONS, a => actionName(a, t))}
        value={filter.action ?? ANY}
        onChange={key =>
          onChange({ ...filter, action: chosen<LabelAction>(key) })
        }
      />
      <Select
        label={t('filters.reason')}
        options={options(any, OUTCOME_REASONS, r => reasonName(r, t))}
        value={filter.reason ?? ANY}
        onChange={key =>
          onChange({ ...filter, reason: chosen<OutcomeReason>(key) })
        }
      />
      <Select
        label={t('filters.key')}
        options={options(any, keys, k => k)}
        value={filter.key ?? ANY}
        onChange={key => onChange({ ...filter, key: chosen<string>(key) })}
      />
      <SearchField
        label={t('filters.search')}
        aria-label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        value={search}
        maxLength={MAX_SEARCH_LENGTH}
        onChange={setSearch}
      />
    </Flex>
  );
};
