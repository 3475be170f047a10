// Starts the portal copy's backend (its own node_modules, the installed tarballs) against a
// simulated Tower on PostgreSQL, and waits for the first sweep to finish (read with the README's
// script token).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import {
  DEFAULT_PASSWORD,
  DEFAULT_USERNAME,
} from '@smartx-cape/cloudtower-simulator';
import type { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import { freePort } from '../support/backend';
import { LOCAL_POSTGRES, randomDatabasePrefix } from '../support/config';
import { dropDatabases } from '../support/postgres';
import {
  killAllChildren,
  pollUntil,
  spawnBackstageBackend,
} from '../support/processes';
import { startSimulators, stopSimulators } from '../support/simulators';
import type { ScriptToken } from './upgradeAndInstall';

function overlayConfig(port: number, towerUrl: string, dbPrefix: string) {
  return {
    backend: {
      baseUrl: `http://localhost:${port}`,
      listen: { port },
      database: { client: 'pg', connection: LOCAL_POSTGRES, prefix: dbPrefix },
    },
    capeLabels: {
      schedule: {
        frequency: { hours: 1 },
        timeout: { minutes: 2 },
        initialDelay: { seconds: 1 },
      },
      // The first sweep at once: the test waits for it.
      startSpread: { seconds: 0 },
      minAge: { seconds: 1 },
      towers: {
        sim: {
          title: 'Simulated Tower',
          server: towerUrl,
          username: DEFAULT_USERNAME,
          password: DEFAULT_PASSWORD,
        },
      },
    },
  };
}

function writeOverlay(config: object): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cape-install-'));
  const file = path.join(dir, 'app-config.install-test.yaml');
  fs.writeFileSync(file, stringify(config));
  return file;
}

/** GET /towers as the README's curl line asks it, with the script token. */
async function fetchTowers(
  port: number,
  token: ScriptToken,
): Promise<TowerSummary[]> {
  const res = await fetch(`http://localhost:${port}/api/cape-labels/towers`, {
    headers: { authorization: `Bearer ${token.value}` },
  });
  if (res.status !== 200) throw new Error(`GET /towers answered ${res.status}`);
  return ((await res.json()) as { items: TowerSummary[] }).items;
}

function startPortalBackend(
  portalDir: string,
  overlay: string,
  token: ScriptToken,
  logs: string[],
) {
  const backendDir = path.join(portalDir, 'packages/backend');
  const child = spawnBackstageBackend({
    cwd: backendDir,
    configFiles: [path.join(portalDir, 'app-config.yaml'), overlay],
    env: { [token.variable]: token.value },
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => logs.push(chunk));
  }
  return child;
}

/** The Tower as GET /towers shows it once its first sweep has finished. */
export async function sweepThroughPortalBackend(
  portalDir: string,
  token: ScriptToken,
): Promise<TowerSummary> {
  const [sim] = await startSimulators([{ scenario: 'small' }]);
  const port = await freePort(7300, 7399);
  const dbPrefix = randomDatabasePrefix('install');
  const overlay = writeOverlay(overlayConfig(port, sim.url, dbPrefix));
  const logs: string[] = [];
  try {
    const child = startPortalBackend(portalDir, overlay, token, logs);
    return await pollUntil(
      'a finished sweep in GET /towers',
      async () => {
        if (child.exitCode !== null)
          throw new Error(`the portal backend exited (${child.exitCode})`);
        const [tower] = await fetchTowers(port, token);
        const status = tower?.lastRun?.status;
        return status && status !== 'running' ? tower : undefined;
      },
      { timeoutMs: 180_000, intervalMs: 1000 },
    );
  } catch (error) {
    process.stderr.write(logs.join('').slice(-20_000));
    throw error;
  } finally {
    await killAllChildren();
    await stopSimulators([sim]);
    await dropDatabases(dbPrefix);
    fs.rmSync(path.dirname(overlay), { recursive: true, force: true });
  }
}
