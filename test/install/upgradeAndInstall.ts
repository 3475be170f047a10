// The README's install section in its order, on the portal copy: the upgrade from create-app's
// release to the supported one (versions:bump, and its fallback when the release manifest cannot
// be reached), the check that the portal is then the release the README states, and the plugins'
// steps (tarballs, the allow-all policy replaced, backend lines, policy, token, home widget).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  REPO_ROOT,
  copyToVendor,
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
  if (before !== release.start)
    throw new Error(
      `the fixture is ${before}, the README says create-app makes ${release.start}`,
    );
  let bump = 'versions:bump not tried (npm)';
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

/** The environment variable and value of the README's script token. */
export type ScriptToken = { variable: string; value: string };

/** The README's steps 2–4 in order. @returns the token the portal's config now reads */
export function installPlugins(
  portal: Portal,
  steps: ReadmeStep[],
  tarballs: Tarball[],
): ScriptToken {
  const { manager } = portal;
  copyToVendor(portal, tarballs);
  if (manager === 'yarn')
    mergeFileStep(
      portal,
      stepFor(steps, 'resolutions', manager),
      'package.json',
    );
  runShellStep(portal, stepFor(steps, 'tarballs', manager));
  runShellStep(portal, stepFor(steps, 'remove-allow-all', manager));
  applyBackendStep(portal, stepFor(steps, 'backend', manager));
  writeFileStep(portal, stepFor(steps, 'policy', manager));
  const tokenStep = stepFor(steps, 'token', manager);
  mergeFileStep(portal, tokenStep);
  mergeFileStep(portal, stepFor(steps, 'home-widget', manager));
  const overlaps = widgetOverlaps(portal, CARD_WIDGET);
  if (overlaps.length > 0) throw new Error(overlaps.join('\n'));
  const variable = /\$\{(\w+)\}/.exec(tokenStep.code)?.[1];
  if (!variable) throw new Error('the token step reads no ${VARIABLE}');
  return { variable, value: randomBytes(24).toString('base64url') };
}
