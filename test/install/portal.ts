// A working copy of the portal fixture in .cache/: test/install/portal is create-app 0.9.2's 1.55.0
// portal reduced to a backend and an app, on npm workspaces, or on Yarn 4 (what create-app sets
// up; test/install/portal-yarn holds its root package.json, lockfile and .yarnrc.yml, laid over
// the same packages). portalSteps.ts applies the README's steps to it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../..');
const FIXTURE_DIR = path.join(__dirname, 'portal');
const YARN_FIXTURE_DIR = path.join(__dirname, 'portal-yarn');
const BUILD_OUTPUTS = new Set(['node_modules', 'dist', 'dist-types']);
/** Yarn from the npm registry (no corepack download), in .cache/yarn. */
const YARN_VERSION = '4.18.1';
const YARN_DIR = path.join(REPO_ROOT, '.cache/yarn');
const YARN_JS = path.join(
  YARN_DIR,
  'node_modules/@yarnpkg/cli-dist/bin/yarn.js',
);

export type PackageManager = 'npm' | 'yarn';
export type PortalPackage = 'backend' | 'app';
const PORTAL_PACKAGES: PortalPackage[] = ['backend', 'app'];
export type Portal = { dir: string; manager: PackageManager };
/** A packed suite package: its name and its tarball's path. */
export type Tarball = { name: string; tarball: string };

export function portalFor(manager: PackageManager): Portal {
  const dir = manager === 'npm' ? 'install-portal' : 'install-portal-yarn';
  return { dir: path.join(REPO_ROOT, '.cache', dir), manager };
}

/** A binary of the portal's own install (never one npx would download). */
export function portalBin(portal: Portal, name: string): string {
  return path.join(portal.dir, 'node_modules/.bin', name);
}

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', [...args, '--no-audit', '--no-fund'], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/** A directory with a `yarn` (4.18.1 from the npm registry) for the README's shell blocks. */
export function yarnBinDir(): string {
  const bin = path.join(YARN_DIR, 'bin');
  if (!fs.existsSync(YARN_JS)) {
    fs.mkdirSync(YARN_DIR, { recursive: true });
    fs.writeFileSync(path.join(YARN_DIR, 'package.json'), '{"private":true}');
    npm(
      ['install', '--no-save', `@yarnpkg/cli-dist@${YARN_VERSION}`],
      YARN_DIR,
    );
  }
  if (!fs.existsSync(path.join(bin, 'yarn'))) {
    fs.mkdirSync(bin, { recursive: true });
    fs.writeFileSync(
      path.join(bin, 'yarn'),
      `#!/bin/sh\nexec "${process.execPath}" "${YARN_JS}" "$@"\n`,
      { mode: 0o755 },
    );
  }
  return bin;
}

function yarn(args: string[], cwd: string): void {
  try {
    execFileSync(path.join(yarnBinDir(), 'yarn'), args, {
      cwd,
      env: { ...process.env, YARN_ENABLE_TELEMETRY: '0' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  } catch (error) {
    // Yarn reports why on standard output.
    const { stdout } = error as { stdout?: string };
    process.stderr.write(`${(stdout ?? '').slice(-4000)}\n`);
    throw error;
  }
}

function sha256(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/**
 * Copies the fixture over the working copy (its package.json files, lockfile and sources
 * restored: the 1.55.0 portal again), then installs what its lockfile names, only when that
 * lockfile changed since the last run or nothing is installed. The node_modules a previous run left
 * (1.57.0 and the plugins) may stay: the README's upgrade and install commands bring them to what
 * the restored package.json files then ask for, as they would in a user's installed 1.55.0 portal.
 * @returns whether the portal's packages were installed from scratch
 */
export function preparePortal(portal: Portal): boolean {
  const copy = (from: string) =>
    fs.cpSync(from, portal.dir, {
      recursive: true,
      filter: source =>
        !BUILD_OUTPUTS.has(path.basename(source)) &&
        !(portal.manager === 'yarn' && source.endsWith('package-lock.json')),
    });
  fs.rmSync(path.join(portal.dir, 'vendor'), { recursive: true, force: true });
  fs.mkdirSync(portal.dir, { recursive: true });
  copy(FIXTURE_DIR);
  if (portal.manager === 'yarn') copy(YARN_FIXTURE_DIR);
  const lockfile =
    portal.manager === 'yarn'
      ? path.join(YARN_FIXTURE_DIR, 'yarn.lock')
      : path.join(FIXTURE_DIR, 'package-lock.json');
  const stamp = path.join(portal.dir, '.fixture-lock.sha256');
  const hash = sha256(lockfile);
  const installed = fs.existsSync(path.join(portal.dir, 'node_modules'));
  if (installed && fs.existsSync(stamp)) {
    if (fs.readFileSync(stamp, 'utf8') === hash) return false;
  }
  if (portal.manager === 'yarn') yarn(['install', '--immutable'], portal.dir);
  else npm(['ci'], portal.dir);
  fs.writeFileSync(stamp, hash);
  return true;
}

/** The README's "copy them into the portal's `vendor/`". */
export function copyToVendor(portal: Portal, tarballs: Tarball[]): void {
  const vendor = path.join(portal.dir, 'vendor');
  fs.mkdirSync(vendor, { recursive: true });
  for (const { tarball } of tarballs)
    fs.copyFileSync(tarball, path.join(vendor, path.basename(tarball)));
}

/** The version of `name` installed at the portal's root node_modules, if any. */
export function installedVersion(
  portal: Portal,
  name: string,
): string | undefined {
  const manifest = path.join(portal.dir, 'node_modules', name, 'package.json');
  if (!fs.existsSync(manifest)) return undefined;
  return JSON.parse(fs.readFileSync(manifest, 'utf8')).version;
}

/** Every installed copy of every @backstage/* package under `dir`: name → versions of its copies. */
function copiesUnder(dir: string, found: Map<string, string[]>): void {
  const modules = path.join(dir, 'node_modules');
  if (!fs.existsSync(modules)) return;
  for (const entry of fs.readdirSync(modules)) {
    if (entry.startsWith('.')) continue;
    const names = entry.startsWith('@')
      ? fs.readdirSync(path.join(modules, entry)).map(n => `${entry}/${n}`)
      : [entry];
    for (const name of names) {
      const packageDir = path.join(modules, name);
      const manifest = path.join(packageDir, 'package.json');
      if (name.startsWith('@backstage/') && fs.existsSync(manifest)) {
        const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
        found.set(name, [...(found.get(name) ?? []), version]);
      }
      copiesUnder(packageDir, found);
    }
  }
}

/**
 * Every @backstage/* package installed more than once, same version or not: two copies of
 * `@backstage/ui` or `@backstage/frontend-plugin-api` mean two contexts and two stylesheets.
 */
export function duplicateBackstagePackages(portal: Portal): string[] {
  const found = new Map<string, string[]>();
  copiesUnder(portal.dir, found);
  for (const portalPackage of PORTAL_PACKAGES)
    copiesUnder(path.join(portal.dir, 'packages', portalPackage), found);
  return [...found]
    .filter(([, copies]) => copies.length > 1)
    .map(([name, copies]) => `${name}: ${copies.join(', ')}`);
}
