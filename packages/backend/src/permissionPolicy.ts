import { createBackendModule } from '@backstage/backend-plugin-api';
import {
  AuthorizeResult,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';
import type { PermissionPolicy } from '@backstage/plugin-permission-node';
import { policyExtensionPoint } from '@backstage/plugin-permission-node/alpha';

/**
 * DEMO ONLY: allows everything to every user, the guest included: `cape-labels.read`,
 * `cape-labels.sweep.run`, the catalog's and the notifications' permissions. A real portal installs
 * its own policy and grants `cape-labels.sweep.run` to the platform team only. Services (the demo's
 * static token) are not asked here: Backstage's access restrictions decide for them.
 */
class AllowAllDemoPolicy implements PermissionPolicy {
  async handle(): Promise<PolicyDecision> {
    return { result: AuthorizeResult.ALLOW };
  }
}

/** The permission backend's module that installs `policy`. */
export function policyModule(moduleId: string, policy: PermissionPolicy) {
  return createBackendModule({
    pluginId: 'permission',
    moduleId,
    register(reg) {
      reg.registerInit({
        deps: { policy: policyExtensionPoint },
        async init({ policy: extension }) {
          extension.setPolicy(policy);
        },
      });
    },
  });
}

export const demoPermissionPolicyModule = policyModule(
  'demo-allow-all-policy',
  new AllowAllDemoPolicy(),
);
