import type {
  BackstageCredentials,
  BackstageServicePrincipal,
  BackstageUserPrincipal,
  LoggerService,
  PermissionsRegistryService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import {
  AuthenticationError,
  NotAllowedError,
  NotFoundError,
} from '@backstage/errors';
import {
  AuthorizeResult,
  type ResourcePermission,
} from '@backstage/plugin-permission-common';
import {
  CAPE_LABELS_TOWER_RESOURCE_TYPE,
  capeLabelsReadPermission,
  capeLabelsSweepRunPermission,
} from '@smartx-cape/plugin-cape-labels-common';
import type { TowerConfig } from '../config/types';
import {
  capeLabelsTowerPermissionRules,
  capeLabelsTowerResourceRef,
  type CapeLabelsTower,
} from '../permissions/towerPermissions';

/** A caller the routes accept: a user or a service. */
export type Caller = BackstageCredentials<
  BackstageUserPrincipal | BackstageServicePrincipal
>;

/**
 * The caller of a registered action: the actions registry hands over whatever credentials the
 * request carried and refuses only anonymous ones itself; anything but a user or a service is 401.
 */
export function callerOfAction(credentials: BackstageCredentials): Caller {
  const { type } = (credentials.principal ?? {}) as { type?: unknown };
  if (type !== 'user' && type !== 'service')
    throw new AuthenticationError('Actions need a signed-in user or a service');
  return credentials as Caller;
}

/**
 * Who asked, with the principal's type: a user's entity ref (`user:default/jane`), a service's
 * subject behind `service:` (`service:external:pipeline`). A static token's subject is whatever
 * its config says, `user:default/ceo` included, so it never stands bare.
 */
export function requesterOf(credentials: Caller): string {
  const { principal } = credentials;
  return principal.type === 'user'
    ? principal.userEntityRef
    : `service:${principal.subject}`;
}

type TowerPermission = ResourcePermission<
  typeof CAPE_LABELS_TOWER_RESOURCE_TYPE
>;
type Towers = { list(): { tower: TowerConfig }[] };

const towerNotFound = (towerId: string) =>
  new NotFoundError(`No Tower '${towerId}' is configured`);

function resourceOf(tower: TowerConfig): CapeLabelsTower {
  return { id: tower.id, owner: tower.owner, notify: tower.notify };
}

/**
 * Says once at start which Towers have no `owner`: no ownership claim matches them, so only a
 * policy's unconditional ALLOW or `hasTowerId` opens them.
 */
export function logOwnerlessTowers(
  logger: LoggerService,
  towers: ReadonlyArray<Pick<TowerConfig, 'id' | 'owner'>>,
): void {
  const ownerless = towers.filter(t => t.owner === null).map(t => t.id);
  if (ownerless.length === 0) return;
  logger.warn(
    `Towers without capeLabels.towers.<id>.owner are owned by nobody (isTowerOwner matches no one for them): ${ownerless.join(', ')}`,
  );
}

/** Tells the permission framework about the Tower resource type, its rules and how to load Towers. */
export function registerTowerResource(
  registry: PermissionsRegistryService,
  towers: Towers,
): void {
  registry.addResourceType({
    resourceRef: capeLabelsTowerResourceRef,
    permissions: [capeLabelsReadPermission, capeLabelsSweepRunPermission],
    rules: Object.values(capeLabelsTowerPermissionRules),
    getResources: async ids => {
      const byId = new Map(
        towers.list().map(s => [s.tower.id, resourceOf(s.tower)]),
      );
      return ids.map(id => byId.get(id));
    },
  });
}

/**
 * Per-Tower decisions on `cape-labels.read` and `cape-labels.sweep.run`: every Tower is asked
 * about by its id (the resourceRef), so the permission backend resolves a policy's conditional
 * decision through the rules registered above (rules added by modules included). A Tower the caller
 * may not read answers exactly like one that is not configured, so its id does not leak: reads of a
 * caller who may read no Tower at all answer 403 whatever the id, every other refusal of a hidden
 * Tower 404.
 */
export class TowerAccess {
  constructor(
    private readonly options: {
      permissions: PermissionsService;
      towers: Towers;
    },
  ) {}

  private ids(): string[] {
    return this.options.towers.list().map(s => s.tower.id);
  }

  /** The configured Towers the caller may `permission`. */
  private async allowed(
    credentials: Caller,
    permission: TowerPermission,
    ids: string[],
  ): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const decisions = await this.options.permissions.authorize(
      ids.map(resourceRef => ({ permission, resourceRef })),
      { credentials },
    );
    return new Set(
      ids.filter((_, i) => decisions[i]?.result === AuthorizeResult.ALLOW),
    );
  }

  /** A test of the Towers the caller may read; 403 when some are configured and it reads none. */
  async readable(credentials: Caller): Promise<(towerId: string) => boolean> {
    const ids = this.ids();
    const readable = await this.allowed(
      credentials,
      capeLabelsReadPermission,
      ids,
    );
    if (ids.length > 0 && readable.size === 0)
      throw new NotAllowedError(
        `You may not view sweep results (${capeLabelsReadPermission.name})`,
      );
    return towerId => readable.has(towerId);
  }

  /** 404 unless `towerId` is configured and the caller may read it; 403 when it may read none. */
  async requireRead(credentials: Caller, towerId: string): Promise<void> {
    if (!(await this.readable(credentials))(towerId))
      throw towerNotFound(towerId);
  }

  /**
   * The one answer for hidden and unknown Towers: passes when `towerId` is configured and the
   * caller may both `cape-labels.read` and `cape-labels.sweep.run` it; 403 naming the permission
   * when it may only read the Tower; otherwise exactly the 404 of a Tower that is not configured,
   * also for a caller who may sweep a Tower it may not read.
   */
  async requireSweep(credentials: Caller, towerId: string): Promise<void> {
    // An unknown id is asked about like a configured one, so neither answer comes sooner.
    const known = this.ids().includes(towerId);
    const decisions = await this.options.permissions.authorize(
      [capeLabelsReadPermission, capeLabelsSweepRunPermission].map(
        permission => ({ permission, resourceRef: towerId }),
      ),
      { credentials },
    );
    const [read, sweep] = decisions.map(
      d => known && d.result === AuthorizeResult.ALLOW,
    );
    if (!read) throw towerNotFound(towerId);
    if (!sweep)
      throw new NotAllowedError(
        `You may not start sweeps of Tower '${towerId}' (${capeLabelsSweepRunPermission.name})`,
      );
  }
}
