/*
 * `backstage-cli package start` in this folder: the plugin alone, with mock auth and
 * permissions, against the three simulated Towers of the root app-config.yaml.
 */
import { createBackend } from '@backstage/backend-defaults';
import { mockServices } from '@backstage/backend-test-utils';
import { startSimulator } from '@smartx-cape/cloudtower-simulator';

async function main() {
  const towers = [
    {
      port: 8801,
      scenario: 'demo',
      password: 'demo-password-a',
      source: 'LOCAL' as const,
    },
    {
      port: 8802,
      scenario: 'demo',
      password: 'demo-password-b',
      source: 'LDAP' as const,
    },
    {
      port: 8803,
      scenario: 'demo-sks',
      password: 'demo-password-c',
      source: 'LOCAL' as const,
    },
  ];
  for (const t of towers) {
    await startSimulator({
      port: t.port,
      scenario: t.scenario,
      users: [{ username: 'cape-gc', password: t.password, source: t.source }],
    });
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
