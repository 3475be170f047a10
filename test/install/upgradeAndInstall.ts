// The README's install section in its order: the portal made by its create-app line, the upgrade
// from create-app's release to the supported one (versions:bump, and its fallback when the release
// manifest cannot be reached), the check that the portal is then the release the README states,
// and the plugins' steps (tarballs, the allow-all module replaced by the README's policy, backend
// lines, the config file with one Tower and the script token, the home widget).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import {
  REPO_ROOT,
  copyToVendor,
  createdPortalDir,
  installedVersion,
  type Portal,
  type PortalPackage,
  type Tarball,
} from './portal';
import {
  applyBackendStep,
  mergeFileStep,
  runShellStep,
  widgetOverlaps,
  writeFileStep,
} from './portalSteps';
import {
  packagesAdded,
  satisfiesCaret,
  stepFor,
  type ReadmeStep,
  type StatedRelease,
} from './readmeSteps';

const CARD_WIDGET = 'CapeLabelsCard';

function backstageVersion(dir: string): string {
  return JSON.parse(fs.readFileSync(path.join(dir, 'backstage.json'), 'utf8'))
    .version;
}

/** The README's create-app line, run where the portal is to be; sets `portal.dir`. */
export function createPortal(
  portal: Portal,
  steps: ReadmeStep[],
  release: StatedRelease,
): void {
  runShellStep(
    portal,
    stepFor(steps, 'create-app', portal.manager),
    portal.parent,
  );
  portal.dir = createdPortalDir(portal);
  const made = backstageVersion(portal.dir);
  if (made !== release.start)
    throw new Error(
      `create-app made a ${made} portal, the README says ${release.start}`,
    );
}

/**
 * Yarn: the README's `versions:bump`, then, if it failed (no access to versions.backstage.io),
 * its fallback; npm: the fallback (versions:bump needs Yarn). @returns what happened, for the log
 */
export function upgradePortal(
  portal: Portal,
  steps: ReadmeStep[],
  release: StatedRelease,
): string {
  const before = backstageVersion(portal.dir);
  let bump = 'versions:bump not tried (npm)';
  if (portal.manager === 'npm')
    runShellStep(portal, stepFor(steps, 'to-npm', portal.manager));
  if (portal.manager === 'yarn') {
    try {
      runShellStep(portal, stepFor(steps, 'upgrade', 'yarn'));
      return `versions:bump ${before} → ${release.supported} succeeded`;
    } catch (error) {
      const reason = /fetch failed|ENOTFOUND|EAI_AGAIN/.exec(String(error));
      bump = `versions:bump failed (${reason?.[0] ?? 'see above'})`;
      if (!reason) process.stderr.write(`${error}\n`);
    }
  }
  runShellStep(portal, stepFor(steps, 'upgrade-fallback', portal.manager));
  return `${bump}, the fallback took ${before} → ${backstageVersion(portal.dir)}`;
}

/** The portal's backstage.json and its @backstage/* versions against the README's statement. */
export function checkRelease(portal: Portal, release: StatedRelease): string[] {
  const problems: string[] = [];
  const version = backstageVersion(portal.dir);
  if (version !== release.supported)
    problems.push(
      `backstage.json is ${version}, the README supports ${release.supported}`,
    );
  const suite = backstageVersion(REPO_ROOT);
  if (suite !== release.supported)
    problems.push(
      `the suite's backstage.json is ${suite}, the README supports ${release.supported}`,
    );
  if (Object.keys(release.ranges).length === 0)
    problems.push('the README names no @backstage/* range for its release');
  for (const [name, range] of Object.entries(release.ranges)) {
    const installed = installedVersion(portal, name);
    if (!installed || !satisfiesCaret(installed, range))
      problems.push(
        `${name} is ${installed ?? 'not installed'}, the README says ${range}`,
      );
  }
  return problems;
}

const sorted = (names: Iterable<string>) => [...names].sort().join(', ');

/** The README's Yarn registry and tarball lines name, per workspace, the packages it needs. */
export function checkRegistryLines(
  steps: ReadmeStep[],
  byPackage: Record<PortalPackage, Tarball[]>,
): string[] {
  const registry = packagesAdded(stepFor(steps, 'registry', 'yarn').code);
  const tarballs = packagesAdded(stepFor(steps, 'tarballs', 'yarn').code);
  return Object.entries(byPackage).flatMap(([workspace, needed]) => {
    const want = sorted(needed.map(t => t.name));
    const fromTarballs = sorted(tarballs.get(workspace) ?? []);
    const registryNames = registry.get(workspace) ?? new Set<string>();
    const problems: string[] = [];
    if (fromTarballs !== want)
      problems.push(
        `${workspace}: the tarball lines add ${fromTarballs}, not ${want}`,
      );
    // The registry brings the common package along as a dependency of the plugins.
    const common = needed.find(t => t.name.endsWith('-common'));
    const fromRegistry = sorted(
      new Set([...registryNames, ...(common ? [common.name] : [])]),
    );
    if (fromRegistry !== want)
      problems.push(
        `${workspace}: the registry lines add ${fromRegistry}, not ${want}`,
      );
    return problems;
  });
}

/** An environment variable the portal's config reads, and its value. */
export type Secret = { variable: string; value: string };

/** What the README's config block sets up: its first Tower, who owns it, what it reads from the environment. */
export type InstalledConfig = {
  towerId: string;
  owner: string;
  token: Secret;
  passwordVariable: string;
};

function variableIn(value: unknown, key: string): string {
  const variable = /^\$\{(\w+)\}$/.exec(String(value))?.[1];
  if (!variable)
    throw new Error(`the config step's ${key} reads no \${VARIABLE}`);
  return variable;
}

/** The Tower, owner and variables of the README's config block. */
function readInstalledConfig(step: ReadmeStep): InstalledConfig {
  const config = parse(step.code);
  const [towerId, tower] =
    Object.entries(config?.capeLabels?.towers ?? {})[0] ?? [];
  const { owner, password } = (tower ?? {}) as Record<string, unknown>;
  if (!towerId || typeof owner !== 'string')
    throw new Error('the config step has no Tower with an owner');
  const [access] = config.backend?.auth?.externalAccess ?? [];
  return {
    towerId,
    owner,
    token: {
      variable: variableIn(access?.options?.token, 'static token'),
      value: randomBytes(24).toString('base64url'),
    },
    passwordVariable: variableIn(password, `towers.${towerId}.password`),
  };
}

/** The README's steps 2–4 in order. @returns what the portal's config now reads */
export function installPlugins(
  portal: Portal,
  steps: ReadmeStep[],
  tarballs: Tarball[],
): InstalledConfig {
  const { manager } = portal;
  copyToVendor(portal, tarballs);
  if (manager === 'yarn')
    runShellStep(portal, stepFor(steps, 'resolutions', manager));
  runShellStep(portal, stepFor(steps, 'tarballs', manager));
  runShellStep(portal, stepFor(steps, 'remove-allow-all', manager));
  runShellStep(portal, stepFor(steps, 'policy-dependencies', manager));
  applyBackendStep(portal, stepFor(steps, 'backend', manager));
  writeFileStep(portal, stepFor(steps, 'policy', manager));
  const configStep = stepFor(steps, 'config', manager);
  writeFileStep(portal, configStep);
  mergeFileStep(portal, stepFor(steps, 'home-widget', manager));
  const overlaps = widgetOverlaps(portal, CARD_WIDGET);
  if (overlaps.length > 0) throw new Error(overlaps.join('\n'));
  return readInstalledConfig(configStep);
}
