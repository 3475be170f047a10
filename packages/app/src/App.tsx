import { createApp } from '@backstage/frontend-defaults';
import catalogPlugin from '@backstage/plugin-catalog/alpha';
import devtoolsPlugin from '@backstage/plugin-devtools/alpha';
import notificationsPlugin from '@backstage/plugin-notifications/alpha';
import signalsPlugin from '@backstage/plugin-signals/alpha';
import capeLabelsPlugin from '@smartx-cape/plugin-cape-labels/alpha';
import { signInModule } from './modules/signIn';
import { homePlugin } from './modules/home';

/**
 * The demo app: guest sign-in, a home page with the card, the plugin page, the catalog (each
 * Tower's entity page carries its card), notifications, signals and DevTools (the Towers' tasks).
 */
export default createApp({
  features: [
    signInModule,
    homePlugin,
    capeLabelsPlugin,
    catalogPlugin,
    notificationsPlugin,
    signalsPlugin,
    devtoolsPlugin,
  ],
});
