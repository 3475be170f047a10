import {
  coreServices,
  createServiceFactory,
  type AuthService,
} from '@backstage/backend-plugin-api';
import { mockCredentials, mockServices } from '@backstage/backend-test-utils';

/**
 * The mock auth, but a plugin's token on behalf of a user names that plugin as its actor, as
 * Backstage's own auth does: without one the permission backend refuses the user a conditional
 * decision (the catalog's list of entities).
 */
export const actorAuthFactory = createServiceFactory({
  service: coreServices.auth,
  deps: { plugin: coreServices.pluginMetadata },
  factory({ plugin }): AuthService {
    const auth = mockServices.auth({ pluginId: plugin.getId() });
    const forPlugin = auth.getPluginRequestToken.bind(auth);
    return Object.assign(auth, {
      getPluginRequestToken: async (
        options: Parameters<AuthService['getPluginRequestToken']>[0],
      ) => {
        if (!auth.isPrincipal(options.onBehalfOf, 'user'))
          return forPlugin(options);
        const actor = { subject: `plugin:${plugin.getId()}` };
        const { userEntityRef } = options.onBehalfOf.principal;
        return { token: mockCredentials.user.token(userEntityRef, { actor }) };
      },
    });
  },
});
