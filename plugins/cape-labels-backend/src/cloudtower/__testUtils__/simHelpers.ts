import { inspect } from 'node:util';
import {
  startSimulator,
  type RunningSimulator,
} from '@smartx-cape/cloudtower-simulator';
import { createTowerClient } from '../TowerClient';
import { TowerError } from '../errors';
import { sweptKeys } from '../../config/types';
import type {
  TowerClient,
  TowerConnectionOptions,
  TowerLabel,
} from '../TowerClient';
import {
  LDAP_USER,
  TOWER_PASSWORD,
  TOWER_USER,
  expectNoSecret,
  passwordCredentials,
} from '../../__testUtils__/towerLogin';

export const OLD = '2020-01-01T00:00:00.000Z';
export const CUTOFF = '2021-01-01T00:00:00.000Z';
export const KEYS = sweptKeys('cape');

export const users = [TOWER_USER, LDAP_USER];

export function opts(
  sim: RunningSimulator,
  extra: Partial<TowerConnectionOptions> = {},
): TowerConnectionOptions {
  return {
    towerId: 'sim',
    server: sim.url,
    credentials: passwordCredentials(),
    skipTLSVerify: false,
    requestTimeoutMs: 10_000,
    requestsInFlight: 8,
    maxResponseBytes: 8 * 1024 * 1024,
    ...extra,
  };
}

/**
 * A fresh simulator for every test (`sim`), and `connect` for clients of it, all closed after
 * the test.
 */
export function simulatorEachTest() {
  let current: RunningSimulator | undefined;
  const clients: TowerClient[] = [];
  beforeEach(async () => {
    current = await startSimulator({ users });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map(c => c.close()));
    await current?.stop();
  });
  return {
    get sim(): RunningSimulator {
      return current!;
    },
    connect(extra: Partial<TowerConnectionOptions> = {}): TowerClient {
      const client = createTowerClient(opts(current!, extra));
      clients.push(client);
      return client;
    },
  };
}

export async function listAll(
  client: TowerClient,
  keys: string[],
  pageSize = 100,
): Promise<TowerLabel[]> {
  const out: TowerLabel[] = [];
  for await (const page of client.listLabelPages({ keys }, { pageSize }))
    out.push(...page);
  return out;
}

export async function rejection(p: Promise<unknown>): Promise<TowerError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(TowerError);
  const text = inspect(e, { depth: 20, showHidden: true });
  expectNoSecret(text, [TOWER_PASSWORD, LDAP_USER.password]);
  return e as TowerError;
}

export const logins = (sim: RunningSimulator) =>
  sim.admin.requestLog().filter(r => r.rootFields.includes('login'));
