import { useId } from 'react';
import { Flex, Skeleton, Text } from '@backstage/ui';
import type { SourceCount } from '@smartx-cape/plugin-cape-labels-common';
import { useTopSources } from '../../hooks';
import { formatCount } from '../../format';
import { useLang } from '../../translation';
import styles from './TopSources.module.css';

/**
 * One list, a group named by its title: a value per line with a bar as long as its share of the
 * largest count.
 */
const SourceList = (props: { title: string; items: SourceCount[] }) => {
  const most = Math.max(1, ...props.items.map(i => i.deleted));
  const { t, locale } = useLang();
  const titleId = useId();
  return (
    <Flex
      direction="column"
      gap="1"
      className={styles.list}
      role="group"
      aria-labelledby={titleId}
    >
      <Text variant="body-small" weight="bold" id={titleId}>
        {props.title}
      </Text>
      {props.items.length === 0 && (
        <Text variant="body-small" color="secondary">
          {t('topSources.none')}
        </Text>
      )}
      {props.items.map(item => (
        <div key={item.value} className={styles.item} data-value={item.value}>
          <code className={styles.value}>{item.value}</code>
          <svg className={styles.bar} aria-hidden="true">
            <rect
              className={styles.fill}
              width={`${(item.deleted / most) * 100}%`}
              height="100%"
              rx={2}
            />
          </svg>
          <Text as="span" variant="body-small" className={styles.count}>
            {formatCount(item.deleted, locale)}
          </Text>
        </div>
      ))}
    </Flex>
  );
};

/** "Where the orphans come from": the cluster names and namespaces that leak labels most. */
export const TopSources = (props: { towerId: string; refreshKey?: string }) => {
  const { t, locale } = useLang();
  const sources = useTopSources(props.towerId, {
    refreshKey: props.refreshKey,
  });
  return (
    <Flex direction="column" gap="2">
      <Text as="h2" variant="title-small">
        {t('topSources.title')}
      </Text>
      <Text variant="body-small" color="secondary">
        {t('topSources.description', {
          days: formatCount(sources.value?.days ?? 30, locale),
        })}
      </Text>
      {sources.error && (
        <Text variant="body-small" color="danger">
          {t('topSources.error', { message: sources.error.message })}
        </Text>
      )}
      {!sources.value && !sources.error && <Skeleton height={80} />}
      {sources.value && (
        <Flex gap="6" className={styles.lists}>
          <SourceList
            title={t('topSources.clusters')}
            items={sources.value.clusters}
          />
          <SourceList
            title={t('topSources.namespaces')}
            items={sources.value.namespaces}
          />
        </Flex>
      )}
    </Flex>
  );
};
