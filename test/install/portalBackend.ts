// Starts the portal's backend (its own node_modules and Node, the installed tarballs, its built app
// served by create-app's app backend) with the README's config files, the README's Tower pointed at
// a simulated one and the database on PostgreSQL; then checks what a newcomer checks: the first
// sweep through the API with the README's script token, and, as the guest, the catalog's entities,
// the Tower's entity, the Tower in the plugin's API and the card on the home page in Chromium.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import {
  DEFAULT_PASSWORD,
  DEFAULT_USERNAME,
} from '@smartx-cape/cloudtower-simulator';
import type { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import { towerRow } from '../browser/locators';
import { launchChromium, recordProblems } from '../browser/browser';
import { freePort } from '../support/backend';
import { LOCAL_POSTGRES, randomDatabasePrefix } from '../support/config';
import { dropDatabases } from '../support/postgres';
import {
  killAllChildren,
  pollUntil,
  spawnBackstageBackend,
} from '../support/processes';
import { startSimulators, stopSimulators } from '../support/simulators';
import { portalNode, type Portal } from './portal';
import type { InstalledConfig } from './upgradeAndInstall';

/** What the README's config leaves to the machine: where the Tower is, ports, the database. */
function overlayConfig(
  baseUrl: string,
  port: number,
  towerId: string,
  towerUrl: string,
  dbPrefix: string,
) {
  return {
    app: { baseUrl },
    backend: {
      baseUrl,
      listen: { port },
      cors: { origin: baseUrl },
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
      towers: { [towerId]: { server: towerUrl, username: DEFAULT_USERNAME } },
    },
  };
}

function writeOverlay(config: object): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cape-install-'));
  const file = path.join(dir, 'app-config.install-test.yaml');
  fs.writeFileSync(file, stringify(config));
  return file;
}

async function getJson<T>(
  url: string,
  token: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
}

/** A token of the guest, as the app's sign-in gets it from create-app's guest provider. */
async function guestToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/guest/refresh`, {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
  if (res.status !== 200)
    throw new Error(`the guest sign-in answered ${res.status}`);
  const body = (await res.json()) as { backstageIdentity?: { token?: string } };
  const token = body.backstageIdentity?.token;
  if (!token) throw new Error('the guest sign-in gave no token');
  return token;
}

/** What `check` found once it held, or a problem naming `what` when it never did within 2 min. */
async function eventually(
  what: string,
  check: () => Promise<boolean>,
): Promise<string[]> {
  try {
    await pollUntil(what, async () => ((await check()) ? true : undefined), {
      timeoutMs: 120_000,
      intervalMs: 2000,
    });
    return [];
  } catch (error) {
    return [`${error instanceof Error ? error.message : error}`];
  }
}

/**
 * Problems the guest meets in the catalog and the plugin's API; empty when there are none. The
 * catalog processes its locations and the module's entities after start: each check waits for it.
 */
async function guestApiProblems(
  baseUrl: string,
  installed: InstalledConfig,
): Promise<string[]> {
  const token = await guestToken(baseUrl);
  const status = async (url: string) =>
    (await getJson(`${baseUrl}${url}`, token)).status;
  return [
    ...(await eventually(
      'the catalog to list entities to the guest',
      async () =>
        Boolean(
          (
            await getJson<{ totalItems?: number }>(
              `${baseUrl}/api/catalog/entities/by-query?limit=1`,
              token,
            )
          ).body.totalItems,
        ),
    )),
    ...(await eventually(
      `the Tower's catalog entity to answer 200 to the guest`,
      async () =>
        (await status(
          `/api/catalog/entities/by-name/resource/default/${installed.towerId}`,
        )) === 200,
    )),
    ...(await eventually(
      `GET /api/cape-labels/towers to show Tower ${installed.towerId} to the guest`,
      async () => {
        const towers = await getJson<{ items?: TowerSummary[] }>(
          `${baseUrl}/api/cape-labels/towers`,
          token,
        );
        return Boolean(
          towers.body.items?.some(t => t.id === installed.towerId),
        );
      },
    )),
  ];
}

/** The home page as the guest sees it in Chromium: the card's row of the Tower, with its status. */
async function cardProblems(
  baseUrl: string,
  tower: Pick<TowerSummary, 'id' | 'title'>,
): Promise<string[]> {
  const browser = await launchChromium();
  const page = await browser.newPage();
  // The sign-in's and the card's failed requests and errors: a failure shows what the page met.
  const met = recordProblems(page);
  try {
    await page.goto(`${baseUrl}/home`, { waitUntil: 'domcontentloaded' });
    const row = towerRow(page, tower.title);
    const enter = page.getByRole('button', { name: /^enter$/i });
    const notAllowed = page.getByText(/You may not view sweep results/);
    await row.or(enter).or(notAllowed).first().waitFor({ timeout: 120_000 });
    if (await enter.isVisible()) {
      await enter.click();
      await row.or(notAllowed).first().waitFor({ timeout: 60_000 });
    }
    if (await notAllowed.isVisible())
      return ['the card tells the guest "You may not view sweep results"'];
    await row.getByRole('status').waitFor({ timeout: 30_000 });
    return [];
  } catch (error) {
    return [
      `the card did not show Tower ${tower.id} to the guest: ${error}`,
      ...met.slice(0, 10),
    ];
  } finally {
    await browser.close();
  }
}

type PortalChecks = { tower: TowerSummary; problems: string[] };

/** Starts the portal's backend, waits for the first sweep, then checks what the guest sees. */
export async function checkThroughPortalBackend(
  portal: Portal,
  installed: InstalledConfig,
): Promise<PortalChecks> {
  const [sim] = await startSimulators([{ scenario: 'small' }]);
  const port = await freePort(7300, 7399);
  const baseUrl = `http://localhost:${port}`;
  const dbPrefix = randomDatabasePrefix('install');
  const overlay = writeOverlay(
    overlayConfig(baseUrl, port, installed.towerId, sim.url, dbPrefix),
  );
  const logs: string[] = [];
  try {
    const child = spawnBackstageBackend({
      cwd: path.join(portal.dir, 'packages/backend'),
      node: portalNode(portal),
      configFiles: [
        path.join(portal.dir, 'app-config.yaml'),
        path.join(portal.dir, 'app-config.local.yaml'),
        overlay,
      ],
      env: {
        [installed.token.variable]: installed.token.value,
        [installed.passwordVariable]: DEFAULT_PASSWORD,
      },
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => logs.push(chunk));
    }
    const tower = await pollUntil(
      'a finished sweep in GET /towers',
      async () => {
        if (child.exitCode !== null)
          throw new Error(`the portal backend exited (${child.exitCode})`);
        const { status, body } = await getJson<{ items?: TowerSummary[] }>(
          `${baseUrl}/api/cape-labels/towers`,
          installed.token.value,
        ).catch(() => ({ status: 0, body: {} as { items?: TowerSummary[] } }));
        if (status !== 200) return undefined;
        const found = body.items?.find(t => t.id === installed.towerId);
        const lastStatus = found?.lastRun?.status;
        return lastStatus && lastStatus !== 'running' ? found : undefined;
      },
      { timeoutMs: 240_000, intervalMs: 1000 },
    );
    const problems = [
      ...(await guestApiProblems(baseUrl, installed)),
      ...(await cardProblems(baseUrl, tower)),
    ];
    if (problems.length > 0) process.stderr.write(logs.join('').slice(-8000));
    return { tower, problems };
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
