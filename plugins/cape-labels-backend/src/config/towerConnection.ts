import type { TowerConnectionOptions } from '../cloudtower/TowerClient';
import type { TowerConfig } from './types';

/** How the Tower client reaches a configured Tower. */
export function towerConnectionOptions(
  tower: TowerConfig,
  tuning: Pick<
    TowerConnectionOptions,
    'requestTimeoutMs' | 'maxInFlight' | 'maxResponseBytes'
  > = {},
): TowerConnectionOptions {
  return {
    towerId: tower.id,
    server: tower.server,
    credentials: tower.credentials,
    headers: tower.headers,
    skipTLSVerify: tower.skipTLSVerify,
    caCert: tower.caCert,
    ...tuning,
  };
}
