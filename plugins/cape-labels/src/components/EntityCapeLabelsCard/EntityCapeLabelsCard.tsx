import { useEntity } from '@backstage/plugin-catalog-react';
import { Text } from '@backstage/ui';
import { CAPE_LABELS_TOWER_ID_ANNOTATION } from '@smartx-cape/plugin-cape-labels-common';
import { entityCardTestIds } from '../../testIds';
import { CardFrame } from '../CardFrame';
import { TowerWithHistory } from './TowerWithHistory';

/** The Tower's row, as on the main card, and its recent runs, on the Tower's entity page. */
export const EntityCapeLabelsCard = () => {
  const { entity } = useEntity();
  const towerId =
    entity.metadata.annotations?.[CAPE_LABELS_TOWER_ID_ANNOTATION];
  return (
    <CardFrame testId={entityCardTestIds.card}>
      {towerId ? (
        <TowerWithHistory towerId={towerId} />
      ) : (
        <Text variant="body-medium" data-testid={entityCardTestIds.unknown}>
          This entity has no {CAPE_LABELS_TOWER_ID_ANNOTATION} annotation.
        </Text>
      )}
    </CardFrame>
  );
};
