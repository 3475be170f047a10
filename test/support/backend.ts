import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import { pollUntil, spawnBackstageBackend, waitForExit } from './processes';

const REPO_ROOT = path.resolve(__dirname, '../..');

/** Writes a config object as YAML in a fresh temp directory; returns the file path. */
function writeConfigFile(
  config: object,
  name = 'app-config.test.yaml',
): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cape-test-config-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, stringify(config));
  return file;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise(resolve => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

const handedOut = new Set<number>();

/** A free port from [from, to], never the same one twice in this process. */
export async function freePort(from = 7100, to = 7199): Promise<number> {
  const span = to - from + 1;
  const offset = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = from + ((offset + i) % span);
    if (!handedOut.has(port) && (await portIsFree(port))) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${from}-${to}`);
}

type BackendOptions = {
  /** The complete app config (not merged with app-config.yaml). backend.listen.port is set from `port`. */
  config: Record<string, unknown>;
  port: number;
  /** Used in error messages and log dumps. */
  name?: string;
  env?: Record<string, string>;
  healthTimeoutMs?: number;
  /** Keep at most this many log lines in memory. */
  maxLogLines?: number;
  /** The checkout whose packages/backend runs (default: this one; a benchmark's baseline another). */
  repoRoot?: string;
};

export type RunningBackend = {
  name: string;
  url: string;
  port: number;
  pid: number;
  /** stdout and stderr lines, in arrival order. */
  logs: string[];
  exited: () => boolean;
  /** SIGTERM, then SIGKILL after graceMs; resolves with the time the shutdown took. */
  stop: (graceMs?: number) => Promise<number>;
  /** SIGKILL (kill -9); resolves when the process is gone. */
  kill: () => Promise<void>;
};

function withPort(
  config: Record<string, unknown>,
  port: number,
): Record<string, unknown> {
  const backend = (config.backend ?? {}) as Record<string, unknown>;
  return {
    ...config,
    backend: {
      ...backend,
      baseUrl: `http://localhost:${port}`,
      listen: { ...((backend.listen as object | undefined) ?? {}), port },
    },
  };
}

/** Starts packages/backend as a real process and waits for GET /api/cape-labels/health. */
export async function startBackend(
  options: BackendOptions,
): Promise<RunningBackend> {
  const name = options.name ?? `backend:${options.port}`;
  const configFile = writeConfigFile(
    withPort(options.config, options.port),
    `${name.replace(/\W/g, '_')}.yaml`,
  );
  const child = spawnBackstageBackend({
    cwd: path.join(options.repoRoot ?? REPO_ROOT, 'packages/backend'),
    configFiles: [configFile],
    env: options.env,
  });
  child.once('exit', () =>
    fs.rmSync(path.dirname(configFile), { recursive: true, force: true }),
  );
  const maxLines = options.maxLogLines ?? 50_000;
  const logs: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      logs.push(...lines);
      if (logs.length > maxLines) logs.splice(0, logs.length - maxLines);
    });
  }
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const url = `http://localhost:${options.port}`;
  const kill = async () => {
    if (!exited()) child.kill('SIGKILL');
    await waitForExit(child, 10_000);
  };
  const stop = async (graceMs = 20_000) => {
    const started = Date.now();
    if (!exited()) child.kill('SIGTERM');
    if (!(await waitForExit(child, graceMs))) await kill();
    return Date.now() - started;
  };

  try {
    await pollUntil(
      `${name} to answer /api/cape-labels/health`,
      async () => {
        if (exited())
          throw new Error(
            `${name} exited with ${child.exitCode ?? child.signalCode}`,
          );
        // A failed plugin leaves the process up and answering 503 forever: give up at once.
        const failed = logs.find(l => l.includes('Backend startup failed'));
        if (failed) throw new Error(`${name} failed to start: ${failed}`);
        const res = await fetch(`${url}/api/cape-labels/health`).catch(
          () => undefined,
        );
        return res?.ok ? true : undefined;
      },
      { timeoutMs: options.healthTimeoutMs ?? 120_000, intervalMs: 500 },
    );
  } catch (error) {
    await kill();
    throw new Error(
      `${String(error)}\n--- last log lines of ${name} ---\n${logs.slice(-40).join('\n')}`,
    );
  }
  return {
    name,
    url,
    port: options.port,
    pid: child.pid!,
    logs,
    exited,
    stop,
    kill,
  };
}
