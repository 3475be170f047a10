import { Badge } from '@backstage/ui';
import { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import { towerTestIds } from '../../testIds';

/** What is weak about the way to the Tower, as the backend's config says (`transport`). */
export const TransportBadges = ({ tower }: { tower: TowerSummary }) => {
  const ids = towerTestIds(tower.id);
  return (
    <>
      {tower.transport?.insecure && (
        <Badge
          size="small"
          data-testid={ids.insecure}
          title="http:// off this machine (allowInsecure): the Tower password crosses the network in clear"
        >
          http: not encrypted
        </Badge>
      )}
      {tower.transport?.skipTLSVerify && (
        <Badge
          size="small"
          data-testid={ids.skipTLSVerify}
          title="skipTLSVerify: Tower's certificate is not checked"
        >
          TLS not verified
        </Badge>
      )}
    </>
  );
};
