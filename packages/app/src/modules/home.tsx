import { compatWrapper } from '@backstage/core-compat-api';
import {
  createFrontendPlugin,
  PageBlueprint,
} from '@backstage/frontend-plugin-api';
import { CapeLabelsCard } from '@smartx-cape/plugin-cape-labels/alpha';

const HomeIcon = () => (
  <svg
    width="24"
    height="24"
    viewBox="0 0 24 24"
    fill="currentColor"
    aria-hidden="true"
  >
    <path d="M10 20v-6h4v6h5v-8h3L12 3 2 12h3v8z" />
  </svg>
);

/** Extension `page:home`: the home page at `/`, showing the card. */
export const homePage = PageBlueprint.make({
  params: {
    path: '/',
    title: 'Home',
    icon: <HomeIcon />,
    loader: async () =>
      compatWrapper(
        <div style={{ padding: 24 }} data-testid="app-home">
          <CapeLabelsCard />
        </div>,
      ),
  },
});

export const homePlugin = createFrontendPlugin({
  pluginId: 'home',
  title: 'Home',
  extensions: [homePage],
});
