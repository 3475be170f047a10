import { Badge } from '@backstage/ui';
import { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import { useLang } from '../../translation';

/** What is weak about the way to the Tower, as the backend's config says (`transport`). */
export const TransportBadges = ({ tower }: { tower: TowerSummary }) => {
  const { t } = useLang();
  return (
    <>
      {tower.transport?.insecure && (
        <Badge size="small" title={t('towerRow.insecureTitle')}>
          {t('towerRow.insecure')}
        </Badge>
      )}
      {tower.transport?.skipTLSVerify && (
        <Badge size="small" title={t('towerRow.skipTLSVerifyTitle')}>
          {t('towerRow.skipTLSVerify')}
        </Badge>
      )}
    </>
  );
};
