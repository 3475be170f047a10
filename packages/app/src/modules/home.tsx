import {
  createFrontendPlugin,
  PageBlueprint,
} from '@backstage/frontend-plugin-api';
import { RiHomeLine } from '@remixicon/react';
import { Box } from '@backstage/ui';
import { CapeLabelsFramedCard } from '@smartx-cape/plugin-cape-labels/alpha';

/** Extension `page:home`: the home page at `/`, showing the card. */
const homePage = PageBlueprint.make({
  params: {
    path: '/',
    title: 'Home',
    icon: <RiHomeLine size={24} aria-hidden />,
    loader: async () => (
      <Box p="6">
        <CapeLabelsFramedCard />
      </Box>
    ),
  },
});

export const homePlugin = createFrontendPlugin({
  pluginId: 'home',
  title: 'Home',
  extensions: [homePage],
});
