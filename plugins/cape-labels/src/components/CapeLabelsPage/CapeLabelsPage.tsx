import { Content, Header, Page } from '@backstage/core-components';
import { Box } from '@backstage/ui';
import { CapeLabelsCard } from '../CapeLabelsCard';

/** Page body for the new frontend system (the app draws the header). */
export const CapeLabelsPageContent = () => (
  <Box p="4">
    <CapeLabelsCard />
  </Box>
);

/** Full page for the legacy frontend system. */
export const CapeLabelsPage = () => (
  <Page themeId="tool">
    <Header
      title="CAPE orphan labels"
      subtitle="Orphan CloudTower labels left by CAPE, swept per Tower"
    />
    <Content>
      <CapeLabelsCard />
    </Content>
  </Page>
);
