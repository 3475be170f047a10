// The portal the install test works on: made afresh by the README's `create-app` line in
// .cache/install-<manager>/, on the Node a portal needs (22 or 24, the npm registry's `node`
// package through .ci/node-dir), with Yarn 4 from the npm registry on the PATH (create-app checks
// for it, and its portal runs the Yarn release it ships). portalSteps.ts applies the README's steps.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../..');
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
export type Portal = {
  /** Where the README's create-app line runs; the portal is the one directory it makes there. */
  parent: string;
  dir: string;
  manager: PackageManager;
  /** The Node the portal runs on: its bin/ and headers. */
  nodeDir: string;
};
/** A packed suite package: its name and its tarball's path. */
export type Tarball = { name: string; tarball: string };

/** The Node of that major from the npm registry, installed once into .cache/node<major>. */
export function nodeDirFor(major: number): string {
  return execFileSync(path.join(REPO_ROOT, '.ci/node-dir'), [String(major)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
}

/** A fresh, empty parent directory for the portal of this package manager. */
export function portalFor(manager: PackageManager, nodeDir: string): Portal {
  const parent = path.join(REPO_ROOT, '.cache', `install-${manager}`);
  fs.rmSync(parent, { recursive: true, force: true });
  fs.mkdirSync(parent, { recursive: true });
  return { parent, dir: '', manager, nodeDir };
}

/** The one directory create-app made in the parent. */
export function createdPortalDir(portal: Portal): string {
  const made = fs
    .readdirSync(portal.parent, { withFileTypes: true })
    .filter(entry => entry.isDirectory());
  if (made.length !== 1)
    throw new Error(
      `create-app made ${made.length} directories in ${portal.parent}, not one`,
    );
  return path.join(portal.parent, made[0].name);
}

/** A directory with a `yarn` (4.18.1 from the npm registry) run by the `node` on the PATH. */
function yarnBinDir(): string {
  const bin = path.join(YARN_DIR, 'bin');
  if (!fs.existsSync(YARN_JS)) {
    fs.mkdirSync(YARN_DIR, { recursive: true });
    fs.writeFileSync(path.join(YARN_DIR, 'package.json'), '{"private":true}');
    execFileSync(
      'npm',
      [
        'install',
        '--no-save',
        '--no-audit',
        '--no-fund',
        `@yarnpkg/cli-dist@${YARN_VERSION}`,
      ],
      { cwd: YARN_DIR, stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  fs.mkdirSync(bin, { recursive: true });
  fs.writeFileSync(
    path.join(bin, 'yarn'),
    `#!/bin/sh\nexec node "${YARN_JS}" "$@"\n`,
    { mode: 0o755 },
  );
  return bin;
}

/**
 * What a newcomer's shell has: the portal's Node first on the PATH, node-gyp pointed at its
 * headers (nodejs.org cannot be reached here), Yarn, and create-app's app name answered.
 */
function portalEnv(portal: Portal): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: [
      path.join(portal.nodeDir, 'bin'),
      yarnBinDir(),
      process.env.PATH,
    ].join(path.delimiter),
    npm_config_nodedir: portal.nodeDir,
    npm_config_yes: 'true',
    BACKSTAGE_APP_NAME: 'portal',
    YARN_ENABLE_TELEMETRY: '0',
  };
}

/** The Node binary the portal runs on. */
export function portalNode(portal: Portal): string {
  return path.join(portal.nodeDir, 'bin/node');
}

/**
 * Runs a command in the portal's environment (from its root unless `cwd` says otherwise); throws
 * with `what` and the end of its output when it fails.
 */
export function runInPortal(
  portal: Portal,
  what: string,
  command: string,
  args: string[],
  cwd = portal.dir,
): void {
  try {
    execFileSync(command, args, {
      cwd,
      env: portalEnv(portal),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(
      `${what} failed:\n${`${stdout ?? ''}${stderr ?? ''}`.slice(-6000)}`,
    );
  }
}

/** Runs one of the portal's own scripts (`yarn tsc`, `npm run lint:all`) on its Node. */
export function runPortalScript(portal: Portal, script: string): void {
  if (portal.manager === 'yarn')
    runInPortal(portal, `the portal's ${script}`, 'yarn', [script]);
  else runInPortal(portal, `the portal's ${script}`, 'npm', ['run', script]);
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
