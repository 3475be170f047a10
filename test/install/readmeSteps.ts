// The install steps as README.md's "Installing into an existing portal" and docs/install-extras.md
// write them: every fenced block right after a marker
// `<!-- test:install step=<name> [npm|yarn] [file=<path>] [under=<key.path>] -->`, and the releases
// and the create-app version the README states.
// The install test applies these blocks as they are, so the documents and the test cannot drift.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, type PackageManager } from './portal';

const DOCUMENTS = ['README.md', 'docs/install-extras.md'];
const SECTION = '## Installing into an existing portal';

export type ReadmeStep = {
  name: string;
  /** The package manager the block is for; undefined for both. */
  manager?: PackageManager;
  /** The portal file the block goes into. */
  file?: string;
  /** The key of that file the block adds to (`app.extensions.page:home.config.defaultConfig`). */
  under?: string;
  code: string;
};

const MARKED_BLOCK =
  /<!-- test:install step=([\w-]+)((?: [\w.:=/-]+)*) -->\n\n?```\w*\n([\s\S]*?)\n```/g;

function installSection(readme: string): string {
  const start = readme.indexOf(SECTION);
  if (start < 0) throw new Error(`README.md has no "${SECTION}"`);
  const end = readme.indexOf('\n## ', start + SECTION.length);
  return readme.slice(start, end < 0 ? undefined : end);
}

function readDocument(file: string): string {
  const text = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
  return file === 'README.md' ? installSection(text) : text;
}

export function readSteps(): ReadmeStep[] {
  return DOCUMENTS.flatMap(file =>
    [...readDocument(file).matchAll(MARKED_BLOCK)].map(
      ([, name, attributes, code]) => {
        const words = attributes.trim().split(/\s+/).filter(Boolean);
        const manager = words.find(w => w === 'npm' || w === 'yarn');
        const valueOf = (key: string) =>
          words.find(w => w.startsWith(`${key}=`))?.slice(key.length + 1);
        return {
          name,
          manager: manager as PackageManager | undefined,
          file: valueOf('file'),
          under: valueOf('under'),
          code,
        };
      },
    ),
  );
}

/** The one block of that name for that package manager (or for both); throws when it is not one. */
export function stepFor(
  steps: ReadmeStep[],
  name: string,
  manager: PackageManager,
): ReadmeStep {
  const found = steps.filter(
    s => s.name === name && (!s.manager || s.manager === manager),
  );
  if (found.length !== 1)
    throw new Error(
      `the README has ${found.length} blocks marked step=${name} for ${manager}, not one`,
    );
  return found[0];
}

export type StatedRelease = {
  /** The release create-app makes, which the portal fixture starts at. */
  start: string;
  /** The oldest release the README supports, which the test upgrades to and installs into. */
  supported: string;
  /** The `@backstage/*` ranges the README names for that release. */
  ranges: Record<string, string>;
};

export function statedRelease(): StatedRelease {
  const section = readDocument('README.md');
  const supported =
    /\*\*Oldest supported release\*\*: Backstage \*\*([\d.]+)\*\*/;
  const start = /makes a \*\*([\d.]+)\*\* portal/;
  const [paragraph] = section.split('\n\n').filter(p => supported.test(p));
  const startMatch = start.exec(section);
  if (!paragraph || !startMatch)
    throw new Error(
      'the README states no "Oldest supported release" or no release create-app makes',
    );
  const ranges = Object.fromEntries(
    [...paragraph.matchAll(/`(@backstage\/[\w-]+)`\s+(\^[\d.]+)/g)].map(
      ([, name, range]) => [name, range],
    ),
  );
  return {
    start: startMatch[1],
    supported: supported.exec(paragraph)![1],
    ranges,
  };
}

/** Whether `version` satisfies a caret range `^x.y.z` (for 0.y, the same minor). */
export function satisfiesCaret(version: string, range: string): boolean {
  const [major, minor, patch] = range.slice(1).split('.').map(Number);
  const [vMajor, vMinor, vPatch] = version.split('.').map(Number);
  if (vMajor !== major) return false;
  if (major === 0 && vMinor !== minor) return false;
  return vMinor > minor || (vMinor === minor && vPatch >= patch);
}

/** Workspace → package names that a block's `yarn workspace <ws> add …` lines install. */
export function packagesAdded(code: string): Map<string, Set<string>> {
  const added = new Map<string, Set<string>>();
  for (const command of code.replace(/\\\n/g, ' ').split('\n')) {
    const match = /yarn workspace (\S+) add (.*)/.exec(command.split('#')[0]);
    if (!match) continue;
    const names = added.get(match[1]) ?? new Set<string>();
    for (const spec of match[2].trim().split(/\s+/))
      names.add(spec.replace(/^(@?[^@]+).*$/, '$1'));
    added.set(match[1], names);
  }
  return added;
}
