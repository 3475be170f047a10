#!/usr/bin/env node
/* eslint-disable no-console */
// `npm start`: three simulated Towers, the backend (SQLite in memory) and the app, in one command.
const { spawn } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const transform = ['-r', '@backstage/cli/config/nodeTransform.cjs'];
const children = [];

function start(name, command, args, cwd) {
  const child = spawn(command, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: process.env,
  });
  children.push(child);
  const prefix = line => `[${name}] ${line}`;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', chunk => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) console.log(prefix(line));
    });
  }
  child.on('exit', code => {
    console.log(prefix(`exited (${code})`));
    stopAll(code ?? 1);
  });
  return child;
}

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children)
    if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

start(
  'towers',
  process.execPath,
  [
    ...transform,
    'packages/cloudtower-simulator/src/cli.ts',
    '--config',
    'scripts/demo-towers.yaml',
  ],
  root,
);
start(
  'backend',
  process.execPath,
  [
    ...transform,
    // OpenTelemetry before the backend: its metrics on http://localhost:9464/metrics.
    '-r',
    './src/instrumentation.js',
    'src/index.ts',
    '--config',
    '../../app-config.yaml',
  ],
  path.join(root, 'packages/backend'),
);
start(
  'app',
  process.execPath,
  [
    require.resolve('@backstage/cli/bin/backstage-cli', { paths: [root] }),
    'package',
    'start',
  ],
  path.join(root, 'packages/app'),
);

console.log(
  '\nCAPE label sweeper demo: open http://localhost:3000 and sign in as guest.',
);
console.log(
  'API: curl -H "Authorization: Bearer demo-static-token" http://localhost:7007/api/cape-labels/towers',
);
console.log('Metrics (Prometheus): curl http://localhost:9464/metrics\n');
