import { Route, Routes } from 'react-router-dom';
import { Box, Container, Header } from '@backstage/ui';
import { TOWER_PATH } from '../../routes';
import { useLang } from '../../translation';
import { CapeLabelsCard } from '../CapeLabelsCard';
import { TowerPage } from '../TowerPage';

/** The card at the plugin's path, a Tower's page below it. */
const PageRoutes = () => (
  <Routes>
    <Route path="/" element={<CapeLabelsCard />} />
    <Route path={TOWER_PATH} element={<TowerPage />} />
  </Routes>
);

/** Page body for the new frontend system (the app draws the header). */
export const CapeLabelsPageContent = () => (
  <Box p="4">
    <PageRoutes />
  </Box>
);

/** Full page for the legacy frontend system. */
export const CapeLabelsPage = () => {
  const { t } = useLang();
  return (
    <>
      <Header title={t('card.title')} description={t('page.description')} />
      <Container>
        <PageRoutes />
      </Container>
    </>
  );
};
