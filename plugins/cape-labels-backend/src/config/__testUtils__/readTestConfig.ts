import { ConfigReader } from '@backstage/config';
import { toError } from '@backstage/errors';
import { towerConnectionConfig } from '../../__testUtils__/towerLogin';
import { readCapeLabelsConfig } from '../readConfig';
import type { SweepTuning } from '../types';

/** A valid Tower entry to spread into test configs. */
export const tower = towerConnectionConfig('https://tower-a.example.com/');

/** Another valid Tower, on its own server (two ids may not share one server and prefix). */
export function towerOn(host: string) {
  return { ...tower, server: `https://${host}.example.com` };
}

/** Reads `capeLabels` as the plugin does, from an app-config.yaml. */
export function read(capeLabels: unknown) {
  return readCapeLabelsConfig(
    new ConfigReader({ capeLabels } as never, 'app-config.yaml'),
  );
}

/** The message `read` throws for `capeLabels`; fails when it reads fine. */
export function errorOf(capeLabels: unknown): string {
  try {
    read(capeLabels);
  } catch (error) {
    return toError(error).message;
  }
  throw new Error('expected a config error');
}

/** The tuning the plugin reads from `capeLabels` (its defaults where unset), `over` on top. */
export function testTuning(
  capeLabels: object = {},
  over: Partial<SweepTuning> = {},
): SweepTuning {
  return { ...read(capeLabels).tuning, ...over };
}
