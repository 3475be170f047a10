import type {
  BackstageCredentials,
  BackstageServicePrincipal,
  BackstageUserPrincipal,
  LoggerService,
  PermissionsRegistryService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { NotAllowedError, NotFoundError } from '@backstage/errors';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  capeLabelsReadPermission,
  capeLabelsSweepRunPermission,
} from '@smartx-cape/plugin-cape-labels-common';
import type { TowerConfig } from '../config/types';
import {
  capeLabelsTowerPermissionRules,
  capeLabelsTowerResourceRef,
} from '../permissions/towerPermissions';

export type Caller = BackstageCredentials<
  BackstageUserPrincipal | BackstageServicePrincipal
>;

/**
 * A static token's subject is whatever its config says, `user:default/ceo` included: prefix a
 * service's subject so that it never passes for a user.
 */
export function requesterOf(credentials: Caller): string {
  const { principal } = credentials;
  return principal.type === 'user'
    ? principal.userEntityRef
    : `service:${principal.subject}`;
}

type Towers = { list(): { tower: TowerConfig }[] };

const towerNotFound = (towerId: string) =>
  new NotFoundError(`No Tower '${towerId}' is configured`);

export function registerTowerResource(
  registry: PermissionsRegistryService,
  towers: Towers,
  logger: LoggerService,
): void {
  const ownerless = towers.list().filter(s => s.tower.owner === null);
  if (ownerless.length > 0)
    logger.warn(
      `Towers without capeLabels.towers.<id>.owner are owned by nobody (isTowerOwner matches no one for them): ${ownerless.map(s => s.tower.id).join(', ')}`,
    );
  registry.addResourceType({
    resourceRef: capeLabelsTowerResourceRef,
    permissions: [capeLabelsReadPermission, capeLabelsSweepRunPermission],
    rules: Object.values(capeLabelsTowerPermissionRules),
    getResources: async ids =>
      ids.map(id => {
        const tower = towers.list().find(s => s.tower.id === id)?.tower;
        return tower && { id, owner: tower.owner, notify: tower.notify };
      }),
  });
}

/**
 * A Tower the caller may not read answers exactly like one that is not configured (404), so its id
 * does not leak; only a caller who may read no Tower at all gets 403.
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

  async readable(credentials: Caller): Promise<(towerId: string) => boolean> {
    const ids = this.ids();
    if (ids.length === 0) return () => false;
    const decisions = await this.options.permissions.authorize(
      ids.map(resourceRef => ({
        permission: capeLabelsReadPermission,
        resourceRef,
      })),
      { credentials },
    );
    const readable = new Set(
      ids.filter((_, i) => decisions[i]?.result === AuthorizeResult.ALLOW),
    );
    if (readable.size === 0)
      throw new NotAllowedError(
        `You may not view sweep results (${capeLabelsReadPermission.name})`,
      );
    return towerId => readable.has(towerId);
  }

  async requireRead(credentials: Caller, towerId: string): Promise<void> {
    if (!(await this.readable(credentials))(towerId))
      throw towerNotFound(towerId);
  }

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
