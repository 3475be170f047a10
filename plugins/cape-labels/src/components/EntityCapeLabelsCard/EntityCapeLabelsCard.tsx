import { useEntity } from '@backstage/plugin-catalog-react';
import { Text } from '@backstage/ui';
import { CAPE_LABELS_TOWER_ID_ANNOTATION } from '@smartx-cape/plugin-cape-labels-common';
import { useLang } from '../../translation';
import { CardFrame } from '../CardFrame';
import { TowerWithHistory } from './TowerWithHistory';

/** The Tower's row, as on the main card, and its recent runs, on the Tower's entity page. */
export const EntityCapeLabelsCard = () => {
  const { entity } = useEntity();
  const { t } = useLang();
  const towerId =
    entity.metadata.annotations?.[CAPE_LABELS_TOWER_ID_ANNOTATION];
  return (
    <CardFrame>
      {towerId ? (
        <TowerWithHistory towerId={towerId} />
      ) : (
        <Text variant="body-medium">
          {t('entityCard.noAnnotation', {
            annotation: CAPE_LABELS_TOWER_ID_ANNOTATION,
          })}
        </Text>
      )}
    </CardFrame>
  );
};
