/* eslint-disable no-console */
// `npm run test:install [-- --yarn]`: the README's "Installing into an existing portal" applied
// as written (readmeSteps.ts reads its marked blocks) to a copy of create-app's 1.55.0 portal, with
// npm or with Yarn 4: the upgrade to the README's release (versions:bump, then its fallback), the
// packed and checked tarballs, the backend, policy, token and home-widget steps; then it
// type-checks the portal, sweeps a simulated Tower through its backend and builds its app.
// Exits non-zero on the first failure.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  REPO_ROOT,
  duplicateBackstagePackages,
  portalBin,
  portalFor,
  preparePortal,
  type Portal,
  type PortalPackage,
  type Tarball,
} from './portal';
import { sweepThroughPortalBackend } from './portalBackend';
import { readSteps, statedRelease } from './readmeSteps';
import { checkTarball } from './tarballs';
import {
  checkRelease,
  checkRegistryLines,
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

/** Builds the app; discovery (`app.packages: all`) must have bundled the plugin and its widget. */
function buildPortalApp(portal: Portal): void {
  const appDir = path.join(portal.dir, 'packages/app');
  execFileSync(portalBin(portal, 'backstage-cli'), ['package', 'build'], {
    cwd: appDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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

async function main(): Promise<void> {
  const portal = portalFor(process.argv.includes('--yarn') ? 'yarn' : 'npm');
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
  const fresh = await step(
    `prepare the ${portal.manager} portal of create-app (installs what its lockfile names)`,
    () => preparePortal(portal),
  );
  const upgrade = await step(`upgrade it to ${release.supported}`, () =>
    upgradePortal(portal, steps, release),
  );
  await step(`check it is ${release.supported} as the README states`, () =>
    fail('the upgraded portal', checkRelease(portal, release)),
  );
  const token = await step('install the plugins as the README says', () =>
    installPlugins(portal, steps, packed),
  );
  await step('check for duplicate @backstage packages', () =>
    fail(
      'installed in more than one version',
      duplicateBackstagePackages(portal),
    ),
  );
  await step('type-check the portal', () =>
    execFileSync(portalBin(portal, 'tsc'), [], {
      cwd: portal.dir,
      stdio: 'inherit',
    }),
  );
  const tower = await step('sweep through the portal backend', () =>
    sweepThroughPortalBackend(portal.dir, token),
  );
  fail(
    'the sweep',
    tower.lastRun?.status === 'succeeded' && tower.lastRun.counts.scanned > 0
      ? []
      : [`ended ${JSON.stringify(tower.lastRun)}`],
  );
  await step('build the portal app', () => buildPortalApp(portal));
  console.log(
    `test:install: passed with ${portal.manager} in ${((Date.now() - started) / 1000).toFixed(0)} s (portal installed ${fresh ? 'from scratch' : 'already'}; ${upgrade}; sweep: ${JSON.stringify(tower.lastRun?.counts)})`,
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
