import type { ChildProcess } from 'node:child_process';

/**
 * Every child process a test started. They are killed when the test process exits, even when a
 * test failed or jest was interrupted, so no backend outlives its test run.
 */
const children = new Set<ChildProcess>();
let hooked = false;

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
  child.once('exit', () => children.delete(child));
  if (hooked) return;
  hooked = true;
  process.once('exit', killAllNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAllNow();
      process.exit(130);
    });
  }
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
