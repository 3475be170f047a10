// A working copy of the portal fixture (test/install/portal) in .cache/install-portal, with the
// packed plugins installed into its backend and app as the README tells a portal to.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../..');
const FIXTURE_DIR = path.join(__dirname, 'portal');
export const PORTAL_DIR = path.join(REPO_ROOT, '.cache/install-portal');
const LOCK_STAMP = path.join(PORTAL_DIR, '.fixture-lock.sha256');
const BUILD_OUTPUTS = new Set(['node_modules', 'dist', 'dist-types']);

export type PortalPackage = 'backend' | 'app';

export function npm(args: string[], cwd = PORTAL_DIR): string {
  return execFileSync('npm', [...args, '--no-audit', '--no-fund'], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

function fixtureLockHash(): string {
  const lock = fs.readFileSync(path.join(FIXTURE_DIR, 'package-lock.json'));
  return createHash('sha256').update(lock).digest('hex');
}

/**
 * Copies the fixture over the working copy (its package.json files and lockfile restored) and
 * runs `npm ci` only when the fixture's lockfile changed since the last run.
 * @returns whether `npm ci` ran
 */
export function preparePortal(): boolean {
  fs.mkdirSync(PORTAL_DIR, { recursive: true });
  fs.cpSync(FIXTURE_DIR, PORTAL_DIR, {
    recursive: true,
    filter: source => !BUILD_OUTPUTS.has(path.basename(source)),
  });
  const hash = fixtureLockHash();
  const installed = fs.existsSync(path.join(PORTAL_DIR, 'node_modules'));
  if (installed && fs.existsSync(LOCK_STAMP)) {
    if (fs.readFileSync(LOCK_STAMP, 'utf8') === hash) return false;
  }
  npm(['ci']);
  fs.writeFileSync(LOCK_STAMP, hash);
  return true;
}

/** `npm install <tarballs> -w <package>`: the tarballs land in that package's dependencies. */
export function installTarballs(
  portalPackage: PortalPackage,
  tarballs: string[],
): void {
  npm(['install', '-w', portalPackage, ...tarballs]);
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
export function duplicateBackstagePackages(): string[] {
  const found = new Map<string, string[]>();
  copiesUnder(PORTAL_DIR, found);
  for (const workspace of ['backend', 'app'])
    copiesUnder(path.join(PORTAL_DIR, 'packages', workspace), found);
  return [...found]
    .filter(([, copies]) => copies.length > 1)
    .map(([name, copies]) => `${name}: ${copies.join(', ')}`);
}
