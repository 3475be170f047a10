import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { SimulatorOptions } from './http';

const SCENARIO_FILE = /\.(ya?ml|json)$/;

/**
 * Reads a `{towers: [SimulatorOptions...]}` YAML/JSON file (the CLI's `--config`, the demo's
 * `scripts/demo-towers.yaml`). A scenario given as a file path is relative to this file.
 */
export function readTowersFile(file: string): SimulatorOptions[] {
  const text = readFileSync(file, 'utf8');
  const parsed = (
    file.endsWith('.json') ? JSON.parse(text) : parseYaml(text)
  ) as { towers?: SimulatorOptions[] } | null;
  return (parsed?.towers ?? []).map(tower =>
    typeof tower.scenario === 'string' && SCENARIO_FILE.test(tower.scenario)
      ? { ...tower, scenario: path.resolve(path.dirname(file), tower.scenario) }
      : tower,
  );
}
