import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import { catalogEntityReadPermission } from '@backstage/plugin-catalog-common/alpha';
import {
  AuthorizeResult,
  isPermission,
  type PolicyDecision,
  type ResourcePermission,
} from '@backstage/plugin-permission-common';
import type {
  PermissionPolicy,
  PolicyQueryUser,
} from '@backstage/plugin-permission-node';
import { policyExtensionPoint } from '@backstage/plugin-permission-node/alpha';
import {
  capeLabelsTowerConditions,
  createCapeLabelsTowerConditionalDecision,
} from '@smartx-cape/plugin-cape-labels-backend';
import {
  CAPE_LABELS_TOWER_RESOURCE_TYPE,
  capeLabelsReadPermission,
  capeLabelsSweepRunPermission,
} from '@smartx-cape/plugin-cape-labels-common';
import { createTowerEntityReadDecision } from '@smartx-cape/plugin-catalog-backend-module-cape-labels';

// Every permission but cape-labels.*: create-app's allow-all policy, until you replace it.
const otherPermissions: PermissionPolicy = {
  async handle() {
    return { result: AuthorizeResult.ALLOW };
  },
};

export default createBackendModule({
  pluginId: 'permission',
  moduleId: 'portal-policy',
  register(reg) {
    reg.registerInit({
      deps: { policy: policyExtensionPoint, userInfo: coreServices.userInfo },
      async init({ policy, userInfo }) {
        const towerDecision = async (
          permission: ResourcePermission<
            typeof CAPE_LABELS_TOWER_RESOURCE_TYPE
          >,
          user?: PolicyQueryUser,
        ): Promise<PolicyDecision> => {
          if (!user) return { result: AuthorizeResult.DENY };
          const { ownershipEntityRefs } = await userInfo.getUserInfo(
            user.credentials,
          );
          if (ownershipEntityRefs.includes('group:default/platform-team'))
            return { result: AuthorizeResult.ALLOW };
          const claims = { claims: ownershipEntityRefs };
          const owner = capeLabelsTowerConditions.isTowerOwner(claims);
          return createCapeLabelsTowerConditionalDecision(
            permission,
            isPermission(permission, capeLabelsReadPermission)
              ? {
                  anyOf: [
                    owner,
                    capeLabelsTowerConditions.isTowerNotified(claims),
                  ],
                }
              : owner, // sweeping is for owners only
          );
        };
        const portalPolicy: PermissionPolicy = {
          async handle(request, user) {
            const { permission } = request;
            if (
              isPermission(permission, capeLabelsReadPermission) ||
              isPermission(permission, capeLabelsSweepRunPermission)
            )
              return towerDecision(permission, user);
            // A Tower's catalog entity: seen by those who may read the Tower.
            if (isPermission(permission, catalogEntityReadPermission))
              return createTowerEntityReadDecision(
                permission,
                await towerDecision(capeLabelsReadPermission, user),
              );
            return otherPermissions.handle(request, user);
          },
        };
        policy.setPolicy(portalPolicy);
      },
    });
  },
});
