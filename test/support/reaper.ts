import { spawn, type ChildProcess } from 'node:child_process';
import type { Writable } from 'node:stream';

/**
 * Kills the test's child processes when the test process dies, however it dies.
 *
 * Inside jest, `process` is a sandboxed copy (jest-util createProcessObject): handlers that test
 * code registers with process.on('exit' | 'SIGINT' | 'SIGTERM') land on the copy and never run,
 * so a jest killed mid-test leaves its backend behind. The reaper is a tiny detached process
 * that notes the test process's children (from /proc, every 500 ms, with their start times)
 * and the pids it is given on its stdin. When that pipe closes without a `done` line (the test
 * process exited or was killed), it SIGKILLs every one of them that is still the same process.
 */
const SCRIPT = `
const fs = require('fs');
const parent = Number(process.argv[1]);
const known = new Map();
const startTime = pid => {
  try {
    const stat = fs.readFileSync('/proc/' + pid + '/stat', 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch { return undefined; }
};
const scan = () => {
  let entries = [];
  try { entries = fs.readdirSync('/proc'); } catch { return; }
  for (const name of entries) {
    if (!/^\\d+$/.test(name) || Number(name) === process.pid) continue;
    const f = startTime(name);
    if (f && Number(f[1]) === parent) known.set(Number(name), f[19]);
  }
};
const timer = setInterval(scan, 500);
scan();
let rest = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', chunk => {
  const lines = (rest + chunk).split('\\n');
  rest = lines.pop();
  for (const line of lines) {
    if (line === 'done') { clearInterval(timer); process.exit(0); }
    const pid = Number(line.slice(1));
    const f = startTime(pid);
    if (line[0] === '+' && f) known.set(pid, f[19]);
    if (line[0] === '-') known.delete(pid);
  }
});
const reap = () => {
  for (const [pid, started] of known) {
    const f = startTime(pid);
    if (f && f[19] === started) { try { process.kill(pid, 'SIGKILL'); } catch {} }
  }
  process.exit(0);
};
process.stdin.on('end', reap);
process.stdin.on('error', reap);
`;

let input: (Writable & { unref?: () => void }) | undefined;

function reaperInput(): Writable {
  if (!input) {
    const child = spawn(process.execPath, ['-e', SCRIPT, String(process.pid)], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    child.unref();
    input = child.stdin as Writable & { unref?: () => void };
    input.on('error', () => undefined);
    // the open pipe must not keep the test process alive
    input.unref?.();
  }
  return input;
}

/** Starts the reaper (once): from now on the test process's children die with it. */
export function startReaper(): void {
  reaperInput();
}

/** Kill `pid` if the test process dies before {@link forget} is called. */
export function watchPid(pid: number | undefined): void {
  if (pid) reaperInput().write(`+${pid}\n`);
}

function forget(pid: number | undefined): void {
  if (pid && input) input.write(`-${pid}\n`);
}

/** Watches a child until it exits. */
export function watchChild(child: ChildProcess): void {
  watchPid(child.pid);
  child.once('exit', () => forget(child.pid));
}

/** Ends the reaper without killing anything (call once every started process was stopped). */
export function stopReaper(): void {
  input?.end('done\n');
  input = undefined;
}
