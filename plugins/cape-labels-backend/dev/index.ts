/*
 * `backstage-cli package start` in this folder: the plugin alone, with mock auth and
 * permissions, against the simulated demo Towers of scripts/demo-towers.yaml (the ones the
 * root app-config.yaml points at).
 */
import path from 'node:path';
import { createBackend } from '@backstage/backend-defaults';
import { mockServices } from '@backstage/backend-test-utils';
import {
  readTowersFile,
  startSimulator,
} from '@smartx-cape/cloudtower-simulator';

const DEMO_TOWERS = path.resolve(
  __dirname,
  '../../../scripts/demo-towers.yaml',
);

async function main() {
  for (const tower of readTowersFile(DEMO_TOWERS)) {
    await startSimulator(tower);
  }

  const backend = createBackend();
  backend.add(mockServices.auth.factory());
  backend.add(mockServices.httpAuth.factory());
  backend.add(mockServices.permissions.factory());
  backend.add(import('@backstage/plugin-events-backend'));
  backend.add(import('../src'));
  await backend.start();
}

main().catch(error => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
