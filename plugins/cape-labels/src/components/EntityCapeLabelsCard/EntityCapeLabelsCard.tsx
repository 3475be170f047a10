import { Progress, ResponseErrorPanel } from '@backstage/core-components';
import { useEntity } from '@backstage/plugin-catalog-react';
import { Card, CardBody, CardHeader, Flex, Text } from '@backstage/ui';
import { CAPE_LABELS_TOWER_ID_ANNOTATION } from '@smartx-cape/plugin-cape-labels-common';
import { RecentRuns } from './RecentRuns';
import { TowerLine } from './TowerLine';
import { useTowerHistory } from './useTowerHistory';

const Notice = (props: { testId: string; children: React.ReactNode }) => (
  <Text variant="body-medium" data-testid={props.testId}>
    {props.children}
  </Text>
);

const CardContent = (props: { towerId: string }) => {
  const history = useTowerHistory(props.towerId);
  switch (history.state) {
    case 'loading':
      return <Progress />;
    case 'forbidden':
      return (
        <Notice testId="cape-entity-forbidden">
          You may not view sweep results: ask your Backstage admin for the
          cape-labels.read permission.
        </Notice>
      );
    case 'unknown-tower':
      return (
        <Notice testId="cape-entity-unknown">
          Tower '{props.towerId}' is not configured in capeLabels.towers.
        </Notice>
      );
    case 'error':
      return <ResponseErrorPanel error={history.error} />;
    default:
      return (
        <Flex direction="column" gap="3">
          <TowerLine tower={history.tower} />
          <RecentRuns runs={history.runs} />
        </Flex>
      );
  }
};

/** The Tower's last run and recent run history, on the Tower's entity page. */
export const EntityCapeLabelsCard = () => {
  const { entity } = useEntity();
  const towerId =
    entity.metadata.annotations?.[CAPE_LABELS_TOWER_ID_ANNOTATION];
  return (
    <Card data-testid="cape-entity-card">
      <CardHeader>
        <Text variant="title-small" weight="bold">
          CAPE orphan labels
        </Text>
      </CardHeader>
      <CardBody>
        {towerId ? (
          <CardContent towerId={towerId} />
        ) : (
          <Notice testId="cape-entity-unknown">
            This entity has no {CAPE_LABELS_TOWER_ID_ANNOTATION} annotation.
          </Notice>
        )}
      </CardBody>
    </Card>
  );
};
