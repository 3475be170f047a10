import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { trackChild, waitForExit } from '../support/processes';
import { watchChild } from '../support/reaper';

const REPO_ROOT = path.resolve(__dirname, '../..');
const APP_DIR = path.join(REPO_ROOT, 'packages/app');
const CONFIG_SCRIPT =
  /<script type="backstage\.io\/config">([\s\S]*?)<\/script>/;

/**
 * Builds packages/app with its default config (app-config.yaml), so packages/app/dist ends up
 * exactly as a plain `backstage-cli package build` leaves it, then copies dist into a temp
 * directory: another engineer rebuilding dist meanwhile cannot pull files from under the test.
 * The test's ports are injected at serve time (see {@link serveApp}).
 * CAPE_BROWSER_SKIP_BUILD=1 reuses an existing packages/app/dist.
 */
export async function buildApp(
  timeoutMs: number,
): Promise<{ dir: string; buildMs: number }> {
  const started = Date.now();
  const dist = path.join(APP_DIR, 'dist');
  const skip =
    process.env.CAPE_BROWSER_SKIP_BUILD === '1' &&
    fs.existsSync(path.join(dist, 'index.html'));
  if (!skip) {
    const cli = require.resolve('@backstage/cli/bin/backstage-cli', {
      paths: [REPO_ROOT],
    });
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
    delete env.JEST_WORKER_ID;
    const child = spawn(process.execPath, [cli, 'package', 'build'], {
      cwd: APP_DIR,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    trackChild(child);
    watchChild(child);
    const output: string[] = [];
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        output.push(chunk);
        if (output.length > 400) output.shift();
      });
    }
    if (!(await waitForExit(child, timeoutMs))) {
      child.kill('SIGKILL');
      await waitForExit(child, 10_000);
      throw new Error(
        `app build timed out after ${timeoutMs} ms\n${output.join('').slice(-3000)}`,
      );
    }
    if (child.exitCode !== 0) {
      throw new Error(
        `app build failed (${child.exitCode ?? child.signalCode})\n${output.join('').slice(-3000)}`,
      );
    }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cape-browser-app-'));
  fs.cpSync(dist, dir, {
    recursive: true,
    filter: src => !src.endsWith('.map'),
  });
  const index = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  if (!CONFIG_SCRIPT.test(index))
    throw new Error(`${dist}/index.html has no backstage.io/config script`);
  for (const [, src] of index.matchAll(/src="\/(static\/[^"]+)"/g)) {
    if (!fs.existsSync(path.join(dir, src))) {
      throw new Error(
        `${dist} is incomplete (${src} missing): was it rebuilt during the copy? Run again.`,
      );
    }
  }
  return { dir, buildMs: Date.now() - started };
}

type ConfigEntry = { context: string; data: Record<string, unknown> };

/** Rewrites the config the build baked into index.html: app.baseUrl and backend.baseUrl. */
function injectConfig(
  html: string,
  urls: { appUrl: string; backendUrl: string },
): string {
  const match = CONFIG_SCRIPT.exec(html);
  if (!match) throw new Error('index.html has no backstage.io/config script');
  const entries = JSON.parse(match[1]) as ConfigEntry[];
  const rewritten = entries.map(entry => {
    const data = { ...entry.data };
    if (data.app) data.app = { ...(data.app as object), baseUrl: urls.appUrl };
    if (data.backend)
      data.backend = { ...(data.backend as object), baseUrl: urls.backendUrl };
    return { ...entry, data };
  });
  const json = JSON.stringify(rewritten, null, 2).replace(/</g, '\\u003c');
  return html.replace(
    CONFIG_SCRIPT,
    () => `<script type="backstage.io/config">${json}</script>`,
  );
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

export type AppServer = {
  url: string;
  port: number;
  close: () => Promise<void>;
};

/**
 * Serves a built app: static files, SPA fallback to index.html, with the backend URL and the
 * app's own URL injected into the config script of index.html.
 */
export async function serveApp(
  dir: string,
  port: number,
  backendUrl: string,
): Promise<AppServer> {
  const root = path.resolve(dir);
  const url = `http://localhost:${port}`;
  const index = injectConfig(
    fs.readFileSync(path.join(root, 'index.html'), 'utf8'),
    {
      appUrl: url,
      backendUrl,
    },
  );
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', url).pathname);
    const file = path.join(root, pathname);
    const isFile =
      file.startsWith(root + path.sep) &&
      fs.existsSync(file) &&
      fs.statSync(file).isFile();
    if (!isFile || pathname === '/index.html') {
      if (pathname.startsWith('/static/')) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res
        .writeHead(200, {
          'content-type': TYPES['.html'],
          'cache-control': 'no-store',
        })
        .end(index);
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  const close = () =>
    new Promise<void>(resolve => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url, port: actual, close };
}
