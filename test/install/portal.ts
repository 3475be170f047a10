// A working copy of the portal fixture (test/install/portal) in .cache/, with the packed plugins
// installed into its backend and app as the README tells a portal to: with npm workspaces, or with
// Yarn 4 (what create-app sets up; test/install/portal-yarn holds its root package.json, lockfile
// and .yarnrc.yml, laid over the same packages).
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
/** The package both plugins depend on by version (the README's `resolutions` entry). */
const COMMON_PACKAGE = '@smartx-cape/plugin-cape-labels-common';
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

function yarn(args: string[], cwd: string): void {
  if (!fs.existsSync(YARN_JS)) {
    fs.mkdirSync(YARN_DIR, { recursive: true });
    fs.writeFileSync(path.join(YARN_DIR, 'package.json'), '{"private":true}');
    npm(
      ['install', '--no-save', `@yarnpkg/cli-dist@${YARN_VERSION}`],
      YARN_DIR,
    );
  }
  try {
    execFileSync(process.execPath, [YARN_JS, ...args], {
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
 * Copies the fixture over the working copy (its package.json files and lockfile restored), then
 * installs: npm runs `npm ci` only when the fixture's lockfile changed since the last run; Yarn's
 * `install --immutable` brings node_modules back to the lockfile every time.
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
  fs.mkdirSync(portal.dir, { recursive: true });
  copy(FIXTURE_DIR);
  const installed = fs.existsSync(path.join(portal.dir, 'node_modules'));
  if (portal.manager === 'yarn') {
    copy(YARN_FIXTURE_DIR);
    yarn(['install', '--immutable'], portal.dir);
    return !installed;
  }
  const stamp = path.join(portal.dir, '.fixture-lock.sha256');
  const hash = sha256(path.join(FIXTURE_DIR, 'package-lock.json'));
  if (installed && fs.existsSync(stamp)) {
    if (fs.readFileSync(stamp, 'utf8') === hash) return false;
  }
  npm(['ci'], portal.dir);
  fs.writeFileSync(stamp, hash);
  return true;
}

/** What each portal package gets installed. */
export type TarballsByPackage = Record<PortalPackage, Tarball[]>;

/** The README's Yarn steps before the `add` commands: tarballs in `vendor/`, the root resolution. */
function vendorForYarn(portal: Portal, tarballs: Tarball[]): void {
  const vendor = path.join(portal.dir, 'vendor');
  fs.mkdirSync(vendor, { recursive: true });
  for (const { tarball } of tarballs)
    fs.copyFileSync(tarball, path.join(vendor, path.basename(tarball)));
  const common = tarballs.find(t => t.name === COMMON_PACKAGE);
  if (!common) return;
  const manifestFile = path.join(portal.dir, 'package.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  manifest.resolutions[COMMON_PACKAGE] =
    `file:./vendor/${path.basename(common.tarball)}`;
  fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * Installs the tarballs as the README's "From tarballs" says. npm: `npm install -w <package>
 * <tarballs>` per package. Yarn: the tarballs copied to `vendor/` and the common package's name
 * pointed at its tarball in the root `resolutions` (once), then per package
 * `yarn workspace <package> add <name>@file:../../vendor/<tarball>`.
 */
export function installTarballs(
  portal: Portal,
  byPackage: TarballsByPackage,
): void {
  if (portal.manager === 'yarn')
    vendorForYarn(
      portal,
      PORTAL_PACKAGES.flatMap(p => byPackage[p]),
    );
  for (const portalPackage of PORTAL_PACKAGES) {
    const tarballs = byPackage[portalPackage];
    if (portal.manager === 'npm') {
      const files = tarballs.map(t => t.tarball);
      npm(['install', '-w', portalPackage, ...files], portal.dir);
    } else {
      const specs = tarballs.map(
        t => `${t.name}@file:../../vendor/${path.basename(t.tarball)}`,
      );
      yarn(['workspace', portalPackage, 'add', ...specs], portal.dir);
    }
  }
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
