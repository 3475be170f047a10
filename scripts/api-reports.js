#!/usr/bin/env node
/* eslint-disable no-console */
// `npm run api-reports`: regenerates the API report (report*.api.md) of every published package in
// plugin-packages.json. `npm run api-reports -- --ci` (part of `npm run lint`) fails instead when a
// package's public API differs from its checked-in report.
//
// Why not `backstage-repo-tools api-reports --tsc`: that runs `yarn tsc`, and this repository uses
// npm. The root `tsc` writes the dist-types/ that API Extractor reads, from scratch: declarations
// left by incremental builds list some union members in another order (the frontend plugin's
// extension outputs), so a report made from them differs from one a fresh clone (CI) makes. `ae-wrong-input-file-type` is omitted because a package's imports of
// @smartx-cape/plugin-cape-labels-common resolve to its src/index.ts (its `types` in this
// workspace); the report names that package as an import either way.
const { spawnSync } = require('node:child_process');
const { rmSync } = require('node:fs');
const path = require('node:path');
const pluginPackages = require('./plugin-packages.json');

const root = path.resolve(__dirname, '..');
const regenerate = 'npm run api-reports';

function run(args) {
  const result = spawnSync('npx', args, { cwd: root, stdio: 'inherit' });
  return result.status ?? 1;
}

function main() {
  const ci = process.argv.includes('--ci');
  rmSync(path.join(root, 'dist-types'), { recursive: true, force: true });
  if (run(['tsc']) !== 0) {
    console.error('api-reports: tsc failed, no report checked');
    return 1;
  }
  const status = run([
    'backstage-repo-tools',
    'api-reports',
    ...(ci ? ['--ci'] : []),
    '--omit-messages',
    'ae-wrong-input-file-type',
    ...pluginPackages.map(pkg => pkg.dir),
  ]);
  if (status !== 0) {
    console.error(
      ci
        ? `api-reports: a published package's API differs from its report*.api.md (or the report has new warnings). Run \`${regenerate}\` and commit the changed report*.api.md files (ignore the "yarn build:api-reports" above: this repository uses npm).`
        : 'api-reports: generating the reports failed (see above)',
    );
  }
  return status;
}

process.exitCode = main();
