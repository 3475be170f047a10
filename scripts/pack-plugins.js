#!/usr/bin/env node
/* eslint-disable no-console */
// `npm run pack:plugins`: type declarations, build and `npm pack` (with Backstage's
// prepack/postpack) of every package in plugin-packages.json (the one list of published packages, in
// dependency order: `portal` says which package of a portal installs it, `migrations` that it
// ships a migrations/ folder); tarballs land in packs/.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const pluginPackages = require('./plugin-packages.json');

const root = path.resolve(__dirname, '..');
const packsDir = path.join(root, 'packs');

function run(command, args, cwd = root) {
  return execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

function packAll() {
  fs.rmSync(packsDir, { recursive: true, force: true });
  fs.mkdirSync(packsDir);
  // The package builds read their type declarations from the root tsc's dist-types/.
  run('npx', ['tsc']);
  const tarballs = [];
  for (const { dir } of pluginPackages) {
    const cwd = path.join(root, dir);
    run('npx', ['backstage-cli', 'package', 'build'], cwd);
    const [packed] = JSON.parse(
      run('npm', ['pack', '--json', '--pack-destination', packsDir], cwd),
    );
    tarballs.push(path.join(packsDir, packed.filename));
  }
  return tarballs;
}

if (require.main === module) {
  for (const tarball of packAll()) console.log(path.relative(root, tarball));
}

module.exports = { packAll, packsDir };
