import { Flex, Skeleton, Text } from '@backstage/ui';
import type { SourceCount } from '@smartx-cape/plugin-cape-labels-common';
import { useTopSources } from '../../hooks';
import { towerPageTestIds } from '../../testIds';
import styles from './TopSources.module.css';

/** One list: a value per line with a bar as long as its share of the largest count. */
const SourceList = (props: {
  title: string;
  items: SourceCount[];
  testId: string;
}) => {
  const most = Math.max(1, ...props.items.map(i => i.deleted));
  return (
    <Flex
      direction="column"
      gap="1"
      className={styles.list}
      data-testid={props.testId}
    >
      <Text variant="body-small" weight="bold">
        {props.title}
      </Text>
      {props.items.length === 0 && (
        <Text variant="body-small" color="secondary">
          None deleted.
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
            {item.deleted}
          </Text>
        </div>
      ))}
    </Flex>
  );
};

/** "Where the orphans come from": the cluster names and namespaces that leak labels most. */
export const TopSources = (props: { towerId: string; refreshKey?: string }) => {
  const ids = towerPageTestIds(props.towerId);
  const sources = useTopSources(props.towerId, {
    refreshKey: props.refreshKey,
  });
  return (
    <Flex direction="column" gap="2" data-testid={ids.topSources}>
      <Text as="h2" variant="title-small">
        Where the orphans come from
      </Text>
      <Text variant="body-small" color="secondary">
        Labels deleted over the last {sources.value?.days ?? 30} days, by the
        cluster and namespace they named (top 10).
      </Text>
      {sources.error && (
        <Text variant="body-small" color="danger">
          Could not load: {sources.error.message}
        </Text>
      )}
      {!sources.value && !sources.error && <Skeleton height={80} />}
      {sources.value && (
        <Flex gap="6" className={styles.lists}>
          <SourceList
            title="Cluster names"
            items={sources.value.clusters}
            testId={`${ids.topSources}-clusters`}
          />
          <SourceList
            title="Namespaces"
            items={sources.value.namespaces}
            testId={`${ids.topSources}-namespaces`}
          />
        </Flex>
      )}
    </Flex>
  );
};
