import { readFileSync } from 'fs';
import { resolve } from 'path';
import {
  LABEL_ACTIONS,
  OUTCOME_REASONS,
} from '@smartx-cape/plugin-cape-labels-common';
import { parse } from 'yaml';
import { TOWER_ID_PATTERN } from '../config/types';
import type { RouterOptions } from '../service/router';
import { createRouter } from '../service/router';
import { spec } from './openapi.generated';
import {
  LABEL_ACTION_VALUES,
  OUTCOME_REASON_VALUES,
  TOWER_ID,
} from './specRules';

type Layer = {
  route?: { path: string; methods: Record<string, boolean> };
};

/** `METHOD /path/{param}` of every route the router serves, but the spec route it adds itself. */
async function servedRoutes(): Promise<string[]> {
  const router = await createRouter({} as RouterOptions);
  return (router.stack as Layer[])
    .flatMap(layer =>
      layer.route
        ? Object.keys(layer.route.methods).map(
            method =>
              `${method} ${layer.route!.path.replace(/:(\w+)/g, '{$1}')}`,
          )
        : [],
    )
    .filter(route => route !== 'get /openapi.json');
}

describe('openapi spec', () => {
  it('openapi.generated.ts holds exactly openapi.yaml (run scripts/generate-openapi.js)', () => {
    const yaml = readFileSync(resolve(__dirname, 'openapi.yaml'), 'utf8');
    expect(spec).toEqual(parse(yaml));
  });

  it('documents every route the router serves, and no other', async () => {
    const documented = Object.entries(spec.paths).flatMap(
      ([path, operations]) =>
        Object.keys(operations).map(method => `${method} ${path}`),
    );
    expect((await servedRoutes()).sort()).toEqual(documented.sort());
  });

  it("states the config's Tower id rule and the common types' enums, as the actions check them", () => {
    expect(TOWER_ID.source).toBe(TOWER_ID_PATTERN.source);
    expect(LABEL_ACTION_VALUES).toEqual(LABEL_ACTIONS);
    expect(OUTCOME_REASON_VALUES).toEqual(OUTCOME_REASONS);
  });
});
