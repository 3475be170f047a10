import { loadConfigSchema } from '@backstage/config-loader';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

const ROOT = path.resolve(__dirname, '../..');

function readJson(file: string) {
  return JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));
}

describe('DevTools in the demo', () => {
  it("lists the plugin's scheduled tasks: the key the installed DevTools reads reaches the app", async () => {
    // The installed DevTools' own config schema (and its dependencies'), not a copy of the key.
    const schema = await loadConfigSchema({
      dependencies: ['@backstage/plugin-devtools'],
    });
    const appConfig = parseYaml(
      readFileSync(path.join(ROOT, 'app-config.yaml'), 'utf8'),
    );
    const [frontend] = schema.process(
      [{ data: appConfig, context: 'app-config.yaml' }],
      { visibility: ['frontend'] },
    );
    const pluginId = readJson('plugins/cape-labels-backend/package.json')
      .backstage.pluginId;
    expect(frontend.data).toMatchObject({
      devTools: { scheduledTasks: { plugins: [pluginId] } },
    });
  });

  it('is installed in the demo backend and app', () => {
    const backend = readFileSync(
      path.join(ROOT, 'packages/backend/src/index.ts'),
      'utf8',
    );
    expect(backend).toContain(
      "backend.add(import('@backstage/plugin-devtools-backend'))",
    );
    const app = readFileSync(
      path.join(ROOT, 'packages/app/src/App.tsx'),
      'utf8',
    );
    expect(app).toMatch(
      /import (\w+) from '@backstage\/plugin-devtools\/alpha'/,
    );
  });
});
