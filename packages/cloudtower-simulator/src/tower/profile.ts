import { SimulatorError } from '../errors';
import {
  HolderRoot,
  holdersOfRelease,
  LabelRelation,
  towerRelations,
} from '../world';

/** Which CloudTower API a simulated Tower speaks: 'current' (3.x and later) or 'legacy' (before 3.0). */
export type TowerVersion = 'current' | 'legacy';

/** What a Tower's version and options decide about its API. */
export interface TowerProfile {
  version: TowerVersion;
  relations: readonly LabelRelation[];
  /** The objects holding labels without a relation on Label that this Tower serves. */
  holders: readonly HolderRoot[];
  /** Whether `__schema` / `__type` are answered. */
  introspection: boolean;
}

/** The profile from SimulatorOptions' `towerVersion`, `introspection` and `extraRelations`. */
export function towerProfile(options: {
  towerVersion?: TowerVersion;
  introspection?: boolean;
  extraRelations?: string[];
  holders?: readonly HolderRoot[];
}): TowerProfile {
  const version = options.towerVersion ?? 'current';
  if (version !== 'current' && version !== 'legacy')
    throw new SimulatorError(
      `towerVersion: must be 'current' or 'legacy', got ${String(version)}`,
      'INVALID_INPUT',
    );
  const legacy = version === 'legacy';
  return {
    version,
    relations: towerRelations(legacy, options.extraRelations ?? []),
    holders: options.holders ?? holdersOfRelease('3.0'),
    introspection: options.introspection ?? !legacy,
  };
}
