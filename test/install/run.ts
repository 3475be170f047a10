/* eslint-disable no-console */
// `npm run test:install [-- --yarn] [-- --node 24]`: the README's "Installing into an existing
// portal" applied as written (readmeSteps.ts reads its marked blocks), from its create-app line on
// Node 22 (or the major given) from the npm registry, with Yarn 4 or on npm workspaces: the upgrade
// to the README's release (versions:bump, then its fallback), the packed and checked tarballs, the
// backend, policy, config and home-widget steps; then the portal's own tsc and lint, its app built,
// a sweep of a simulated Tower through its backend, and what the guest sees: the catalog's
// entities, the Tower in the API and the card in Chromium. Exits non-zero on the first failure.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  REPO_ROOT,
  duplicateBackstagePackages,
  nodeDirFor,
  portalFor,
  runInPortal,
  runPortalScript,
  type Portal,
  type PortalPackage,
  type Tarball,
} from './portal';
import { checkThroughPortalBackend } from './portalBackend';
import { readSteps, statedRelease } from './readmeSteps';
import { checkTarball } from './tarballs';
import {
  checkRelease,
  checkRegistryLines,
  createPortal,
  installPlugins,
  upgradePortal,
} from './upgradeAndInstall';

type PluginPackage = {
  dir: string;
  portal: PortalPackage;
  migrations: boolean;
};
export type Packed = PluginPackage & Tarball;

const started = Date.now();
const timings: string[] = [];

async function step<T>(what: string, work: () => T | Promise<T>): Promise<T> {
  const t0 = Date.now();
  console.log(`test:install: ${what}…`);
  const result = await work();
  timings.push(`${what}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return result;
}

function fail(what: string, problems: string[]): void {
  if (problems.length === 0) return;
  throw new Error(`${what}:\n  ${problems.join('\n  ')}`);
}

function packPlugins(): Packed[] {
  const list: PluginPackage[] = JSON.parse(
    fs.readFileSync(
      path.join(REPO_ROOT, 'scripts/plugin-packages.json'),
      'utf8',
    ),
  );
  const tarballs = execFileSync('node', ['scripts/pack-plugins.js'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  })
    .trim()
    .split('\n');
  return list.map((pkg, i) => ({
    ...pkg,
    name: JSON.parse(
      fs.readFileSync(path.join(REPO_ROOT, pkg.dir, 'package.json'), 'utf8'),
    ).name,
    tarball: path.join(REPO_ROOT, tarballs[i]),
  }));
}

/** A portal package gets its own tarballs plus those of the suite packages they depend on. */
function tarballsFor(portal: PortalPackage, packed: Packed[]): Tarball[] {
  const own = packed.filter(p => p.portal === portal);
  const needed = new Set(own.map(p => p.name));
  for (const p of own) {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(REPO_ROOT, p.dir, 'package.json'), 'utf8'),
    );
    Object.keys(manifest.dependencies ?? {}).forEach(d => needed.add(d));
  }
  return packed.filter(p => needed.has(p.name));
}

/** The legacy frontend system's lines of install-extras.md, type-checked and linted with the app. */
const LEGACY_LINES = path.join(__dirname, 'legacy.tsx');

/** Builds the app; discovery (`app.packages: all`) must have bundled the plugin and its widget. */
function buildPortalApp(portal: Portal): void {
  const appDir = path.join(portal.dir, 'packages/app');
  runInPortal(
    portal,
    "the app's build",
    path.join(portal.dir, 'node_modules/.bin/backstage-cli'),
    ['package', 'build'],
    appDir,
  );
  const bundle = fs
    .readdirSync(path.join(appDir, 'dist'), { recursive: true })
    .map(String)
    .filter(file => file.endsWith('.js'))
    .map(file => fs.readFileSync(path.join(appDir, 'dist', file), 'utf8'));
  const widget = /name:\s*["']CapeLabelsCard["']/; // HomePageWidgetBlueprint params.name
  fail(
    'the built app',
    bundle.some(code => widget.test(code))
      ? []
      : [
          'has no cape-labels plugin: app.packages discovery did not pick it up',
        ],
  );
}

function nodeMajor(): number {
  const at = process.argv.indexOf('--node');
  const major = at < 0 ? 22 : Number(process.argv[at + 1]);
  if (major !== 22 && major !== 24)
    throw new Error(
      `--node ${process.argv[at + 1]}: a portal runs on 22 or 24`,
    );
  return major;
}

async function main(): Promise<void> {
  const major = nodeMajor();
  const steps = readSteps();
  const release = statedRelease();
  const packed = await step('build and pack', packPlugins);
  await step("check the tarballs and the README's lines for them", () => {
    fail(
      'tarball problems',
      packed.flatMap(p =>
        checkTarball(p.tarball, {
          migrations: p.migrations,
          resolveFrom: path.join(REPO_ROOT, p.dir),
        }),
      ),
    );
    fail(
      "the README's registry and tarball lines",
      checkRegistryLines(steps, {
        backend: tarballsFor('backend', packed),
        app: tarballsFor('app', packed),
      }),
    );
  });
  const portal = portalFor(
    process.argv.includes('--yarn') ? 'yarn' : 'npm',
    await step(`Node ${major} from the npm registry`, () => nodeDirFor(major)),
  );
  await step(`create the portal with the README's create-app line`, () =>
    createPortal(portal, steps, release),
  );
  const upgrade = await step(
    `install and upgrade it to ${release.supported} (${portal.manager})`,
    () => upgradePortal(portal, steps, release),
  );
  await step(`check it is ${release.supported} as the README states`, () =>
    fail('the upgraded portal', checkRelease(portal, release)),
  );
  const installed = await step('install the plugins as the README says', () =>
    installPlugins(portal, steps, packed),
  );
  await step('check for duplicate @backstage packages', () =>
    fail(
      'installed in more than one version',
      duplicateBackstagePackages(portal),
    ),
  );
  fs.copyFileSync(
    LEGACY_LINES,
    path.join(portal.dir, 'packages/app/src/legacy.tsx'),
  );
  await step("the portal's tsc", () => runPortalScript(portal, 'tsc'));
  await step("the portal's lint", () => runPortalScript(portal, 'lint:all'));
  await step('build the portal app', () => buildPortalApp(portal));
  const { tower, problems } = await step(
    'sweep through the portal backend, then the guest: catalog, API, card in Chromium',
    () => checkThroughPortalBackend(portal, installed),
  );
  fail('what the guest sees', problems);
  fail(
    'the sweep',
    tower.lastRun?.status === 'succeeded' && tower.lastRun.counts.scanned > 0
      ? []
      : [`ended ${JSON.stringify(tower.lastRun)}`],
  );
  console.log(
    `test:install: passed with ${portal.manager} on Node ${major} in ${((Date.now() - started) / 1000).toFixed(0)} s (${upgrade}; sweep: ${JSON.stringify(tower.lastRun?.counts)})`,
  );
  console.log(timings.map(t => `  ${t}`).join('\n'));
}

main().catch(error => {
  console.error(
    `test:install: FAILED: ${error instanceof Error ? error.message : error}`,
  );
  console.log(timings.map(t => `  ${t}`).join('\n'));
  process.exit(1);
});
