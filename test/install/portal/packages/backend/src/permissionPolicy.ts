// A portal's own policy granting the suite's permissions (read and sweep), as the README describes.
import { createBackendModule } from '@backstage/backend-plugin-api';
import {
  AuthorizeResult,
  PolicyDecision,
  isPermission,
} from '@backstage/plugin-permission-common';
import {
  PermissionPolicy,
  PolicyQuery,
} from '@backstage/plugin-permission-node';
import { policyExtensionPoint } from '@backstage/plugin-permission-node/alpha';
import {
  capeLabelsReadPermission,
  capeLabelsSweepRunPermission,
} from '@smartx-cape/plugin-cape-labels-common';

class PortalPolicy implements PermissionPolicy {
  async handle(request: PolicyQuery): Promise<PolicyDecision> {
    if (
      isPermission(request.permission, capeLabelsReadPermission) ||
      isPermission(request.permission, capeLabelsSweepRunPermission)
    ) {
      return { result: AuthorizeResult.ALLOW };
    }
    return { result: AuthorizeResult.DENY };
  }
}

export const permissionPolicyModule = createBackendModule({
  pluginId: 'permission',
  moduleId: 'portal-policy',
  register(reg) {
    reg.registerInit({
      deps: { policy: policyExtensionPoint },
      async init({ policy }) {
        policy.setPolicy(new PortalPolicy());
      },
    });
  },
});
