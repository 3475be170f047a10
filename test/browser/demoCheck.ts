/* eslint-disable no-console */
/**
 * Checks the README's demo line by hand (not part of `npm test`): runs `npm start`, waits for the
 * app on :3000 and a lastRun on every demo Tower, screenshots the home page after guest
 * sign-in, sends Ctrl-C (SIGINT to the process group) and checks that nothing is left listening.
 *
 *   cd /work/main && node -r @backstage/cli/config/nodeTransform.cjs test/browser/demoCheck.ts [/tmp/demo-home.png]
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { pollUntil, sleep } from '../support/processes';
import { launchChromium, signInAsGuest } from './browser';
import { towerRow } from './locators';
import { readRows, waitForRowsWithData, type ApiTower } from './cardModel';

const ROOT = path.resolve(__dirname, '../..');
const PORTS = [3000, 7007, 8801, 8802, 8803, 8804];
/** Lab A, B, D (wrong password), E (API key) and SKS C: app-config.yaml's Towers. */
const DEMO_TOWERS = 5;
const SHOT = process.argv[2] ?? '/tmp/demo-home.png';

function listening(port: number): Promise<boolean> {
  return new Promise(resolve => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function busyPorts(): Promise<number[]> {
  const busy: number[] = [];
  for (const port of PORTS) if (await listening(port)) busy.push(port);
  return busy;
}

async function main(): Promise<void> {
  const before = await busyPorts();
  if (before.length)
    throw new Error(
      `ports already in use before the demo: ${before.join(', ')}`,
    );
  const started = Date.now();
  const since = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  // detached: its own process group, like a terminal's foreground job
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  for (const stream of [npm.stdout, npm.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) =>
      log.push(...chunk.split('\n').filter(Boolean)),
    );
  }
  let exitCode: number | string | null = null;
  npm.once('exit', (code, signal) => {
    exitCode = code ?? signal;
  });
  const interrupt = () => {
    try {
      process.kill(-npm.pid!, 'SIGINT');
    } catch {
      // already gone
    }
  };
  process.once('SIGINT', interrupt);
  let failure: unknown;
  try {
    const alive = () => {
      if (exitCode !== null)
        throw new Error(`npm start exited early (${exitCode})`);
    };
    await pollUntil(
      'http://localhost:3000 to serve the app',
      async () => {
        alive();
        const res = await fetch('http://localhost:3000/').catch(
          () => undefined,
        );
        return res?.ok && (await res.text()).includes('<div id="root">')
          ? true
          : undefined;
      },
      { timeoutMs: 300_000, intervalMs: 1000 },
    );
    console.log(`app dev server answers after ${since()}`);
    const towers = await pollUntil(
      `a lastRun for all ${DEMO_TOWERS} demo Towers (GET :7007/api/cape-labels/towers)`,
      async () => {
        alive();
        const res = await fetch(
          'http://localhost:7007/api/cape-labels/towers',
          {
            headers: { authorization: 'Bearer demo-static-token' },
          },
        ).catch(() => undefined);
        if (!res?.ok) return undefined;
        const { items } = (await res.json()) as { items: ApiTower[] };
        return items.length === DEMO_TOWERS &&
          items.every(t => t.lastRun && t.lastRun.status !== 'running')
          ? items
          : undefined;
      },
      { timeoutMs: 180_000, intervalMs: 1000 },
    );
    console.log(
      `all ${DEMO_TOWERS} Towers have a finished lastRun after ${since()}:`,
    );
    for (const t of towers)
      console.log(
        `  ${t.id} ${t.lastRun!.status} dryRun=${t.lastRun!.dryRun} ${JSON.stringify(t.lastRun!.counts)}`,
      );
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({
        viewport: { width: 1400, height: 900 },
      });
      await signInAsGuest(page, 'http://localhost:3000/', 120_000);
      const ms = await waitForRowsWithData(
        page,
        towers.map(t => t.title),
        60_000,
      );
      console.log(
        `demo card with data ${Math.round(ms)} ms after navigation; rows:`,
      );
      // "Sweep now"/"Preview" appear once the permission check has answered
      for (const t of towers)
        await towerRow(page, t.title)
          .getByRole('button', { name: 'Preview', exact: true })
          .waitFor({ timeout: 30_000 });
      for (const row of await readRows(page))
        console.log(`  ${JSON.stringify(row)}`);
      await page.screenshot({ path: SHOT, fullPage: true });
      console.log(`screenshot ${SHOT}`);
    } finally {
      await browser.close();
    }
  } catch (error) {
    failure = error;
  }
  const stopAt = Date.now();
  interrupt();
  const exited = await pollUntil(
    'npm start to exit after SIGINT',
    () => (exitCode !== null ? true : undefined),
    {
      timeoutMs: 30_000,
      intervalMs: 200,
    },
  ).catch(() => false);
  console.log(
    `after SIGINT: npm ${exited ? `exited (${exitCode}) in ${Date.now() - stopAt} ms` : 'still running after 30 s'}`,
  );
  await sleep(3000);
  const left = await busyPorts();
  console.log(
    left.length
      ? `STILL LISTENING: ${left.join(', ')}`
      : `nothing left listening on ${PORTS.join('/')}`,
  );
  if (failure || left.length || !exited) {
    console.log(`--- last demo output ---\n${log.slice(-40).join('\n')}`);
    try {
      process.kill(-npm.pid!, 'SIGKILL');
    } catch {
      // gone
    }
    throw failure ?? new Error('the demo did not stop cleanly');
  }
}

main().then(
  () => process.exit(0),
  error => {
    console.error(error);
    process.exit(1);
  },
);
