// Applies the README's marked blocks (readmeSteps.ts) to the portal: shell blocks run as they are
// from the portal root (create-app's from the directory it makes the portal in), YAML blocks are
// merged into the file they name at the key they name, files are written whole, TypeScript blocks
// go where the README says. Throws when a block cannot be applied.
import fs from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { runInPortal, type Portal } from './portal';
import type { ReadmeStep } from './readmeSteps';

/** Runs a shell block with bash from the portal root, or from `cwd`, in the portal's environment. */
export function runShellStep(
  portal: Portal,
  step: ReadmeStep,
  cwd = portal.dir,
): void {
  runInPortal(
    portal,
    `step ${step.name}`,
    'bash',
    ['-eo', 'pipefail', '-c', step.code],
    cwd,
  );
}

type Tree = Record<string, unknown>;
const isTree = (value: unknown): value is Tree =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The one key of a list entry such as `- page:home: {...}`, if it has exactly one. */
function soleKey(value: unknown): string | undefined {
  const keys = isTree(value) ? Object.keys(value) : [];
  return keys.length === 1 ? keys[0] : undefined;
}

/**
 * Merges `addition` into `target` as a reader of the README would: maps key by key; lists of
 * one-key entries (`app.extensions`) entry by entry, matched by their key; other lists appended to.
 */
function mergeInto(target: unknown, addition: unknown): unknown {
  if (isTree(target) && isTree(addition)) {
    const merged: Tree = { ...target };
    for (const [key, value] of Object.entries(addition))
      merged[key] = key in target ? mergeInto(target[key], value) : value;
    return merged;
  }
  if (Array.isArray(target) && Array.isArray(addition)) {
    const merged = [...target];
    for (const entry of addition) {
      const key = soleKey(entry);
      const at = key ? merged.findIndex(e => soleKey(e) === key) : -1;
      if (at >= 0) merged[at] = mergeInto(merged[at], entry);
      else merged.push(entry);
    }
    return merged;
  }
  return addition;
}

/**
 * The node at `under` (`app.extensions.page:home.config.defaultConfig`): map keys, and in a list
 * the entry whose one key is that segment; throws naming the first segment not there.
 */
function nodeAt(tree: unknown, under: string): unknown {
  let node = tree;
  for (const segment of under.split('.')) {
    const holder = Array.isArray(node)
      ? node.find(entry => soleKey(entry) === segment)
      : node;
    const next = isTree(holder) ? holder[segment] : undefined;
    if (next === undefined || next === null)
      throw new Error(`${under}: there is no ${segment}`);
    node = next;
  }
  return node;
}

/**
 * Merges a YAML block into the portal file it names (`file=`) at the key it names (`under=`, the
 * file's top when none), as a reader adds it to what create-app wrote there.
 */
export function mergeFileStep(portal: Portal, step: ReadmeStep): void {
  if (!step.file) throw new Error(`step ${step.name} names no file`);
  const target = path.join(portal.dir, step.file);
  const tree = parse(fs.readFileSync(target, 'utf8'));
  const addition = parse(step.code);
  if (!step.under) {
    fs.writeFileSync(target, stringify(mergeInto(tree, addition)));
    return;
  }
  const node = nodeAt(tree, step.under);
  if (Array.isArray(node) && Array.isArray(addition)) node.push(...addition);
  else if (isTree(node) && isTree(addition)) Object.assign(node, addition);
  else
    throw new Error(`step ${step.name}: ${step.under} is not what it adds to`);
  fs.writeFileSync(target, stringify(tree));
}

/** Writes a block that is a whole new file (`file=`); one create-app wrote already is a failure. */
export function writeFileStep(portal: Portal, step: ReadmeStep): void {
  if (!step.file) throw new Error(`step ${step.name} names no file`);
  const target = path.join(portal.dir, step.file);
  if (fs.existsSync(target))
    throw new Error(`step ${step.name}: ${step.file} is there already`);
  fs.writeFileSync(target, `${step.code}\n`);
}

const BACKEND_INDEX = 'packages/backend/src/index.ts';
const ALLOW_ALL =
  /backend\.add\(\s*import\('@backstage\/plugin-permission-backend-module-allow-all-policy'\),?\s*\);\n/;

/**
 * The README's backend step: the allow-all module's `backend.add(...)` removed (create-app's
 * index.ts has one), the block's lines added before `backend.start()`.
 */
export function applyBackendStep(portal: Portal, step: ReadmeStep): void {
  const file = path.join(portal.dir, BACKEND_INDEX);
  const index = fs.readFileSync(file, 'utf8');
  if (!ALLOW_ALL.test(index))
    throw new Error(`${BACKEND_INDEX} adds no allow-all policy to remove`);
  if (!index.includes('backend.start();'))
    throw new Error(`${BACKEND_INDEX} has no backend.start()`);
  fs.writeFileSync(
    file,
    index
      .replace(ALLOW_ALL, '')
      .replace('backend.start();', `${step.code}\n\nbackend.start();`),
  );
}

type Widget = {
  component: string;
  column: number;
  row: number;
  width: number;
  height: number;
};

/** Widgets of `page:home`'s layout in app-config.yaml that overlap `component`'s. */
export function widgetOverlaps(portal: Portal, component: string): string[] {
  const config = parse(
    fs.readFileSync(path.join(portal.dir, 'app-config.yaml'), 'utf8'),
  );
  const home = (config.app?.extensions ?? []).find(
    (e: unknown) => soleKey(e) === 'page:home',
  );
  const widgets: Widget[] = home?.['page:home']?.config?.defaultConfig ?? [];
  const own = widgets.filter(w => w.component === component);
  if (own.length !== 1)
    return [`page:home lists ${component} ${own.length} times, not once`];
  const [card] = own;
  const apart = (a: Widget, b: Widget) =>
    a.column + a.width <= b.column ||
    b.column + b.width <= a.column ||
    a.row + a.height <= b.row ||
    b.row + b.height <= a.row;
  return widgets
    .filter(w => w !== card && !apart(w, card))
    .map(w => `${component} overlaps ${w.component} on the home page`);
}
