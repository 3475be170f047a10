import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { RunningSimulator } from '@smartx-cape/cloudtower-simulator';
import {
  freePort,
  startBackend,
  type RunningBackend,
} from '../support/backend';
import { backendConfig, type TowerEntry } from '../support/config';
import { killAllChildren } from '../support/processes';
import { startSimulators, stopSimulators } from '../support/simulators';
import { buildApp, serveApp, type AppServer } from './appServer';
import { assertChromium, launchChromium, recordProblems } from './browser';
import { startReaper, stopReaper, watchPid } from '../support/reaper';

export type TowerSpec = {
  id: string;
  scenario: string;
  entry: Omit<TowerEntry, 'server' | 'username' | 'password'>;
};

/** Everything the browser test runs: simulators, backend, served app, Chromium. */
export type Stack = {
  sims: RunningSimulator[];
  backend: RunningBackend;
  app: AppServer;
  browser: Browser;
  page: Page;
  /** Page errors and failed API calls seen so far. */
  problems: string[];
  appBuildMs: number;
};

/** What has been started so far, so that a failing start still stops it all. */
const started: {
  sims: RunningSimulator[];
  backend?: RunningBackend;
  app?: AppServer;
  appDir?: string;
  browser?: Browser;
} = { sims: [] };

/**
 * Starts one simulator per Tower, a real backend process with a complete config of its own
 * (not the root app-config.yaml) on a port in 7200-7249, builds the app and serves it on a port
 * in 7250-7299 with those URLs injected, and opens a Chromium page.
 */
export async function startStack(
  towers: TowerSpec[],
  /** More top-level backend config, e.g. `catalog`. */
  extraConfig: Record<string, unknown> = {},
): Promise<Stack> {
  assertChromium();
  startReaper();
  const password = (t: TowerSpec) => `pw-${t.id}`;
  started.sims = await startSimulators(
    towers.map(t => ({
      scenario: t.scenario,
      users: [
        {
          username: 'cape-gc',
          password: password(t),
          source:
            (t.entry.userSource as 'LOCAL' | 'LDAP' | undefined) ?? 'LOCAL',
        },
      ],
    })),
  );
  const sims = started.sims;
  const backendPort = await freePort(7200, 7249);
  const appPort = await freePort(7250, 7299);
  const appUrl = `http://localhost:${appPort}`;
  const config = backendConfig({
    capeLabels: {
      schedule: {
        frequency: { minutes: 30 },
        timeout: { minutes: 5 },
        initialDelay: { seconds: 1 },
      },
      // Every Tower's first sweep at once: the test waits for them.
      startSpread: { seconds: 0 },
      minAge: { hours: 24 },
      towers: Object.fromEntries(
        towers.map((t, i) => [
          t.id,
          {
            ...t.entry,
            server: sims[i].url,
            username: 'cape-gc',
            password: password(t),
          },
        ]),
      ),
    },
    extra: {
      app: { title: 'CAPE label sweeper (browser test)', baseUrl: appUrl },
      ...extraConfig,
    },
  });
  (config.backend as Record<string, unknown>).cors = {
    origin: appUrl,
    methods: ['GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'DELETE'],
    credentials: true,
  };

  // the app build and the backend start in parallel: both take tens of seconds on a busy machine
  const [built, backend] = await Promise.all([
    buildApp(300_000).then(b => {
      started.appDir = b.dir;
      return b;
    }),
    startBackend({
      config,
      port: backendPort,
      name: 'browser-backend',
      healthTimeoutMs: 180_000,
    }).then(b => {
      started.backend = b;
      watchPid(b.pid);
      return b;
    }),
  ]);
  const app = await serveApp(built.dir, appPort, backend.url);
  started.app = app;
  const browser = await launchChromium();
  started.browser = browser;
  const page = await browser.newPage({
    viewport: { width: 1400, height: 900 },
  });
  const problems = recordProblems(page);
  return {
    sims,
    backend,
    app,
    browser,
    page,
    problems,
    appBuildMs: built.buildMs,
  };
}

/** Stops whatever {@link startStack} started, also after a failed start. */
export async function stopStack(): Promise<void> {
  await started.browser?.close().catch(() => undefined);
  await started.app?.close().catch(() => undefined);
  // SIGTERM can take up to ~55 s (events long-poll, see the report): SIGKILL after 10 s
  await started.backend?.stop(10_000).catch(() => undefined);
  await killAllChildren();
  await stopSimulators(started.sims);
  if (started.appDir)
    fs.rmSync(started.appDir, { recursive: true, force: true });
  stopReaper();
}
