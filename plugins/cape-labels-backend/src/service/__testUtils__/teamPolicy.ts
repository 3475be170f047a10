import type { UserInfoService } from '@backstage/backend-plugin-api';
import {
  AuthorizeResult,
  isPermission,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';
import type {
  PermissionPolicy,
  PolicyQuery,
  PolicyQueryUser,
} from '@backstage/plugin-permission-node';
import {
  capeLabelsReadPermission,
  capeLabelsSweepRunPermission,
} from '@smartx-cape/plugin-cape-labels-common';
import {
  capeLabelsTowerConditions,
  createCapeLabelsTowerConditionalDecision,
} from '../../permissions/towerPermissions';
import { permissionBackendFeatures } from './permissionBackend';
import {
  dailySchedule,
  towerEntry,
  type CapeBackendOptions,
} from './testBackend';

export const PLATFORM = 'user:default/pat'; // group:default/platform-team: ALLOW
export const ALICE = 'user:default/alice'; // group:default/team-a, owner of t-a
export const CAROL = 'user:default/carol'; // group:default/team-c, notified about t-b
export const DAVE = 'user:default/dave'; // reads every Tower, sweeps t-a only (hasTowerId)
export const NOBODY = 'user:default/nobody'; // DENY
export const SAM = 'user:default/sam'; // sweeps every Tower, reads t-a only (hasTowerId)
/** Member of a registered `group:default/unowned`, once the implicit owner of Towers without one. */
export const EVE = 'user:default/eve';

/** Users decided by `hasTowerId`: the Tower each may read and sweep, `*` for every Tower. */
const NAMED_TOWERS: Record<string, { read: string; sweep: string }> = {
  [DAVE]: { read: '*', sweep: 't-a' },
  [SAM]: { read: 't-a', sweep: '*' },
};

/**
 * The reference policy of docs/install-extras.md: the platform team sweeps every Tower, each team
 * its own; notification recipients read.
 */
class TeamPolicy implements PermissionPolicy {
  constructor(private readonly userInfo: UserInfoService) {}

  async handle(
    request: PolicyQuery,
    user?: PolicyQueryUser,
  ): Promise<PolicyDecision> {
    const { permission } = request;
    if (
      !isPermission(permission, capeLabelsReadPermission) &&
      !isPermission(permission, capeLabelsSweepRunPermission)
    )
      return { result: AuthorizeResult.DENY };
    if (!user) return { result: AuthorizeResult.DENY };
    const { userEntityRef, ownershipEntityRefs } =
      await this.userInfo.getUserInfo(user.credentials);
    if (ownershipEntityRefs.includes('group:default/platform-team'))
      return { result: AuthorizeResult.ALLOW };
    if (userEntityRef === NOBODY) return { result: AuthorizeResult.DENY };
    const named = NAMED_TOWERS[userEntityRef];
    if (named) {
      const towerId = isPermission(permission, capeLabelsReadPermission)
        ? named.read
        : named.sweep;
      return towerId === '*'
        ? { result: AuthorizeResult.ALLOW }
        : createCapeLabelsTowerConditionalDecision(
            permission,
            capeLabelsTowerConditions.hasTowerId({ towerId }),
          );
    }
    const claims = { claims: ownershipEntityRefs };
    return createCapeLabelsTowerConditionalDecision(
      permission,
      isPermission(permission, capeLabelsReadPermission)
        ? {
            anyOf: [
              capeLabelsTowerConditions.isTowerOwner(claims),
              capeLabelsTowerConditions.isTowerNotified(claims),
            ],
          }
        : capeLabelsTowerConditions.isTowerOwner(claims),
    );
  }
}

/**
 * Three Towers of one simulator, `t-a` owned by team-a, `t-b` by team-b (team-c notified), `t-c` by
 * nobody, decided by
 * the real permission backend with {@link TeamPolicy}: for `backendForDescribe`.
 */
export function teamPermissionsWorld(): CapeBackendOptions {
  return {
    realPermissions: true,
    features: permissionBackendFeatures(userInfo => new TeamPolicy(userInfo), {
      [PLATFORM]: ['group:default/platform-team'],
      [ALICE]: ['group:default/team-a'],
      [CAROL]: ['group:default/team-c'],
    }),
    capeLabels: url => ({
      schedule: dailySchedule(),
      towers: {
        't-a': towerEntry(url, { owner: 'group:default/team-a' }),
        // One simulator: its own prefix, since one server and prefix may have only one id.
        't-b': towerEntry(url, {
          resourcePrefix: 'sks',
          owner: 'group:default/team-b',
          notify: ['group:default/Team-C'],
        }),
        't-c': towerEntry(url, { resourcePrefix: 'ecp' }),
      },
    }),
  };
}
