import { createApp } from '@backstage/frontend-defaults';
import capeLabelsPlugin from '@smartx-cape/plugin-cape-labels/alpha';
import { signInModule } from './modules/signIn';
import { homePlugin } from './modules/home';

/** The demo app: guest sign-in, a home page with the card, the plugin page. */
export default createApp({
  features: [signInModule, homePlugin, capeLabelsPlugin],
});
