import {
  DEFAULT_NAMESPACE,
  KubernetesValidatorFunctions,
  parseEntityRef,
  stringifyEntityRef,
  type CompoundEntityRef,
} from '@backstage/catalog-model';
import type { Config } from '@backstage/config';

/**
 * The annotation that ties a catalog entity to a configured Tower.
 * @public
 */
export const CAPE_LABELS_TOWER_ID_ANNOTATION = 'cape-labels/tower-id';

/**
 * The catalog entity that stands for a configured Tower (the catalog module's `Resource`): its
 * kind, namespace and name. The catalog module names its entities with it and the frontend links
 * to them with it, so the two cannot drift apart.
 * @public
 */
export function towerEntityName(
  towerId: string,
): CompoundEntityRef & { kind: 'Resource' } {
  return { kind: 'Resource', namespace: DEFAULT_NAMESPACE, name: towerId };
}

/**
 * The Tower's catalog entity as a full entity ref, `resource:default/<towerId>`.
 * @public
 */
export function towerEntityRef(towerId: string): string {
  return stringifyEntityRef(towerEntityName(towerId));
}

/**
 * Who a Tower belongs to: its catalog owner and whom to notify about it.
 * @public
 */
export type TowerOwnership = {
  /**
   * Full entity ref (`group:default/platform-team`); `null` when not configured: such a Tower is
   * owned by nobody, and no ownership claim matches it.
   */
  owner: string | null;
  /** Full entity refs to notify: `notify` if configured, else the owner, else nobody. */
  notify: string[];
};

/**
 * What the catalog and notifications need to know of a configured Tower (never its password).
 * @public
 */
export type TowerDirectoryEntry = TowerOwnership & {
  id: string;
  title: string;
  /** The Tower's web UI: the origin of its `server`. */
  webUrl: string;
};

/**
 * The Tower rules' decisions on the caller's ownership claims (entity refs, compared without regard
 * to case, as the catalog compares them): the backend's `cape-labels-tower` rules and the catalog
 * module's rules on Tower entities both decide with these, so the two cannot disagree.
 * @public
 */
export function towerClaimsMatcher(claims: string[]): {
  /** The Tower's configured owner is claimed; a Tower without owner matches nobody. */
  owns(tower: TowerOwnership): boolean;
  /** One of the Tower's notification recipients is claimed. */
  isNotified(tower: TowerOwnership): boolean;
} {
  const wanted = new Set(claims.map(r => r.toLocaleLowerCase('en-US')));
  const claimed = (ref: string) => wanted.has(ref.toLocaleLowerCase('en-US'));
  return {
    owns: tower => tower.owner !== null && claimed(tower.owner),
    isNotified: tower => tower.notify.some(claimed),
  };
}

function configError(key: string, problem: string): Error {
  return new Error(`${key}: ${problem}`);
}

function readRef(value: string, key: string, defaultKind: string): string {
  const invalid = configError(
    key,
    'must be an entity ref like group:default/platform-team',
  );
  let ref;
  try {
    ref = parseEntityRef(value, { defaultKind, defaultNamespace: 'default' });
  } catch {
    throw invalid;
  }
  const { isValidObjectName, isValidNamespace } = KubernetesValidatorFunctions;
  if (!isValidObjectName(ref.name) || !isValidNamespace(ref.namespace))
    throw invalid;
  return stringifyEntityRef(ref).toLocaleLowerCase('en-US');
}

/**
 * Reads `owner` and `notify` of one Tower's config block; errors name the key.
 * @public
 */
export function readTowerOwnership(
  tower: Config,
  towerKey: string,
): TowerOwnership {
  const ownerValue = tower.getOptionalString('owner');
  const owner = ownerValue
    ? readRef(ownerValue, `${towerKey}.owner`, 'group')
    : null;
  const notifyValues = tower.getOptionalStringArray('notify');
  if (!notifyValues) return { owner, notify: owner ? [owner] : [] };
  const notify = notifyValues.map((ref, i) =>
    readRef(ref, `${towerKey}.notify[${i}]`, 'user'),
  );
  return { owner, notify };
}

function webUrlOf(server: string, key: string): string {
  try {
    return new URL(server).origin;
  } catch {
    throw configError(key, 'must be an http(s) URL');
  }
}

/**
 * The configured Towers as the catalog sees them, ordered by id. Reads only `title`, `server`,
 * `owner` and `notify`; the backend plugin validates the rest.
 * @public
 */
export function readTowerDirectory(rootConfig: Config): TowerDirectoryEntry[] {
  const towers = rootConfig.getOptionalConfig('capeLabels.towers');
  return (towers?.keys() ?? []).sort().map(id => {
    const tower = towers!.getConfig(id);
    const towerKey = `capeLabels.towers.${id}`;
    return {
      id,
      title: tower.getOptionalString('title') ?? id,
      webUrl: webUrlOf(tower.getString('server'), `${towerKey}.server`),
      ...readTowerOwnership(tower, towerKey),
    };
  });
}
