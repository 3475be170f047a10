import {
  coreServices,
  createBackendModule,
  createServiceFactory,
  type AuthService,
  type BackendFeature,
  type UserInfoService,
} from '@backstage/backend-plugin-api';
import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import permissionBackend from '@backstage/plugin-permission-backend';
import type { PermissionPolicy } from '@backstage/plugin-permission-node';
import { policyExtensionPoint } from '@backstage/plugin-permission-node/alpha';

/** Who each test user is and what they own: user entity ref → ownership entity refs. */
type Ownership = Record<string, string[]>;

/**
 * The mock auth, except that a token on behalf of a user names the calling plugin as its actor, as
 * Backstage's own auth does: the permission backend and the permissions registry refuse a user
 * without one for conditional decisions, and the mock leaves it out.
 */
const oboActorAuth = createServiceFactory({
  service: coreServices.auth,
  deps: { plugin: coreServices.pluginMetadata },
  factory({ plugin }): AuthService {
    const auth = mockServices.auth({ pluginId: plugin.getId() });
    return {
      authenticate: (token, options) => auth.authenticate(token, options),
      getNoneCredentials: () => auth.getNoneCredentials(),
      getOwnServiceCredentials: () => auth.getOwnServiceCredentials(),
      isPrincipal: auth.isPrincipal.bind(auth) as AuthService['isPrincipal'],
      getLimitedUserToken: credentials => auth.getLimitedUserToken(credentials),
      listPublicServiceKeys: () => auth.listPublicServiceKeys(),
      async getPluginRequestToken(options) {
        const { principal } = options.onBehalfOf as {
          principal: { type: string; userEntityRef?: string };
        };
        if (principal.type !== 'user' || !principal.userEntityRef)
          return auth.getPluginRequestToken(options);
        const actor = { subject: `plugin:${plugin.getId()}` };
        return {
          token: mockCredentials.user.token(principal.userEntityRef, { actor }),
        };
      },
    };
  },
});

/**
 * The real permission backend with the policy `makePolicy` builds (given the user info service, as
 * a portal's policy module gets it), and a user info service that answers `ownership` (the user
 * alone for users not listed): for `startCapeBackend({ realPermissions: true })`.
 */
export function permissionBackendFeatures(
  makePolicy: (userInfo: UserInfoService) => PermissionPolicy,
  ownership: Ownership,
): BackendFeature[] {
  return [
    oboActorAuth,
    permissionBackend,
    createBackendModule({
      pluginId: 'permission',
      moduleId: 'test-policy',
      register(reg) {
        reg.registerInit({
          deps: {
            policies: policyExtensionPoint,
            userInfo: coreServices.userInfo,
          },
          async init({ policies, userInfo }) {
            policies.setPolicy(makePolicy(userInfo));
          },
        });
      },
    }),
    createServiceFactory({
      service: coreServices.userInfo,
      deps: {},
      factory: () => ({
        async getUserInfo(credentials) {
          const { principal } = credentials as {
            principal: { userEntityRef: string };
          };
          const ref = principal.userEntityRef;
          return {
            userEntityRef: ref,
            ownershipEntityRefs: [ref, ...(ownership[ref] ?? [])],
          };
        },
      }),
    }),
  ];
}

/** The Authorization header of a user, as the mock auth services read it. */
export const asUser = (userEntityRef: string) => ({
  Authorization: mockCredentials.user.header(userEntityRef),
});
