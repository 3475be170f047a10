import { spawn, type ChildProcess } from 'node:child_process';

import { watchChild } from './reaper';

/**
 * Every child process a test started. `killAllChildren` (afterAll) kills them; should the test
 * process die first (a failed run, jest interrupted), the reaper kills them (see reaper.ts for
 * why `process.on('exit')` cannot do it under jest).
 */
const children = new Set<ChildProcess>();

function killAllNow(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        child.kill('SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}

export function trackChild(child: ChildProcess): void {
  children.add(child);
  watchChild(child);
  child.once('exit', () => children.delete(child));
}

/**
 * Starts a backend package's `src/index.ts` with the given config files, tracked like any child.
 * jest sets NODE_ENV=test, and with it Backstage's scheduler starts no janitor: expired leases
 * would never be released. 'development' (as `backstage-cli package start`) also makes SIGTERM
 * close open connections at once; otherwise the events bus long-poll delays the exit by ~1 min.
 */
export function spawnBackstageBackend(options: {
  cwd: string;
  configFiles: string[];
  env?: NodeJS.ProcessEnv;
  /** The Node binary to run it on; this process's by default. */
  node?: string;
}): ChildProcess & {
  stdout: NodeJS.ReadableStream;
  stderr: NodeJS.ReadableStream;
} {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    ...options.env,
  };
  delete env.JEST_WORKER_ID;
  const configArgs = options.configFiles.flatMap(file => ['--config', file]);
  const child = spawn(
    options.node ?? process.execPath,
    [
      '-r',
      '@backstage/cli/config/nodeTransform.cjs',
      'src/index.ts',
      ...configArgs,
    ],
    { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  trackChild(child);
  return child;
}

/** Resolves when the child has exited (at once if it already has). */
export function waitForExit(
  child: ChildProcess,
  timeoutMs: number,
): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve(true);
  return new Promise(resolve => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** SIGKILLs every tracked child and waits for them: for afterAll. */
export async function killAllChildren(): Promise<void> {
  const list = [...children];
  killAllNow();
  await Promise.all(list.map(c => waitForExit(c, 10_000)));
}

export function sleep(ms: number): Promise<void> {
  return new Promise(resolve => setTimeout(resolve, ms));
}

/** Polls `probe` until it returns a value other than undefined, or throws after timeoutMs. */
export async function pollUntil<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  options: { timeoutMs: number; intervalMs?: number },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const cause = lastError ? ` (last error: ${String(lastError)})` : '';
      throw new Error(
        `timed out after ${options.timeoutMs} ms waiting for ${what}${cause}`,
      );
    }
    await sleep(options.intervalMs ?? 250);
  }
}
