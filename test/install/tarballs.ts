// Checks one packed tarball: every entry point it names is inside it, its config schema and
// migrations are shipped, every dependency is used and every import is a declared dependency.
import { execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type PackedManifest = {
  name: string;
  main?: string;
  module?: string;
  types?: string;
  exports?: unknown;
  typesVersions?: Record<string, Record<string, string[]>>;
  configSchema?: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

type TarballExpectations = { migrations: boolean };

function unpack(tarball: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cape-tarball-'));
  execFileSync('tar', ['xzf', tarball, '-C', dir]);
  return path.join(dir, 'package');
}

/** File targets of an `exports` map (the `backstage` condition names a feature type, not a file). */
function exportTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object')
    return Object.entries(value)
      .filter(([condition]) => condition !== 'backstage')
      .flatMap(([, target]) => exportTargets(target));
  return [];
}

function entryPoints(manifest: PackedManifest): string[] {
  const typesVersions = Object.values(manifest.typesVersions ?? {}).flatMap(
    byPath => Object.values(byPath).flat(),
  );
  return [
    manifest.main,
    manifest.module,
    manifest.types,
    manifest.configSchema,
    ...exportTargets(manifest.exports),
    ...typesVersions,
  ].filter((target): target is string => Boolean(target));
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(entry => entry.isFile())
    .map(entry => path.join(entry.parentPath, entry.name));
}

/**
 * Bare module specifiers imported by the shipped code and type declarations (a specifier has no
 * whitespace: that keeps a quote inside a string, such as "from '…'" in a message, from matching).
 */
function importedPackages(packageDir: string): Set<string> {
  const specifier =
    /(?:\bfrom\s*|\brequire\(\s*|\bimport\(\s*|^\s*import\s*)['"]([^'"./\s][^'"\s]*)['"]/gm;
  const names = new Set<string>();
  const code = filesUnder(packageDir).filter(file =>
    /\.(c?js|mjs|d\.ts)$/.test(file),
  );
  for (const file of code) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(specifier)) {
      const parts = match[1].split('/');
      names.add(
        match[1].startsWith('@') ? parts.slice(0, 2).join('/') : parts[0],
      );
    }
  }
  return names;
}

/** The installed package.json of a dependency, looked up the node_modules chain from `from`. */
function installedManifest(
  name: string,
  from: string,
): PackedManifest | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
    if (dir === path.dirname(dir)) return undefined;
  }
}

/** Dependencies that another dependency asks for as a peer (graphql for graphql-request). */
function peersOfDependencies(
  manifest: PackedManifest,
  from: string,
): Set<string> {
  const peers = new Set<string>();
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    const dependency = installedManifest(name, from);
    Object.keys(dependency?.peerDependencies ?? {}).forEach(p => peers.add(p));
  }
  return peers;
}

function isBuiltin(name: string): boolean {
  return name.startsWith('node:') || builtinModules.includes(name);
}

/** Problems found in the tarball; empty when it is sound. */
export function checkTarball(
  tarball: string,
  expect: TarballExpectations & { resolveFrom: string },
): string[] {
  const dir = unpack(tarball);
  try {
    const manifest: PackedManifest = JSON.parse(
      fs.readFileSync(path.join(dir, 'package.json'), 'utf8'),
    );
    const problems = entryPoints(manifest)
      .filter(target => !fs.existsSync(path.join(dir, target)))
      .map(target => `names ${target}, which is not in the tarball`);
    if (manifest.main?.startsWith('src/') || !manifest.types?.includes('dist'))
      problems.push(`main/types still point at the sources: ${manifest.main}`);
    if (fs.existsSync(path.join(dir, 'src')))
      problems.push('ships its src/ folder');
    if (expect.migrations && !fs.existsSync(path.join(dir, 'migrations')))
      problems.push('has no migrations/ folder');
    const imported = importedPackages(dir);
    const declared = {
      ...manifest.dependencies,
      ...manifest.peerDependencies,
    };
    const peers = peersOfDependencies(manifest, expect.resolveFrom);
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      if (!imported.has(name) && !peers.has(name))
        problems.push(`dependency ${name} is unused`);
    }
    for (const name of imported) {
      if (!isBuiltin(name) && !(name in declared) && name !== manifest.name)
        problems.push(`imports ${name}, which is not a declared dependency`);
    }
    return problems.map(problem => `${manifest.name}: ${problem}`);
  } finally {
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  }
}
