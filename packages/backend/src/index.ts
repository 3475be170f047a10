import { createBackend } from '@backstage/backend-defaults';
import { demoPermissionPolicyModule } from './permissionPolicy';

const backend = createBackend();

backend.add(import('@backstage/plugin-auth-backend'));
backend.add(import('@backstage/plugin-auth-backend-module-guest-provider'));
backend.add(import('@backstage/plugin-permission-backend'));
backend.add(demoPermissionPolicyModule);
backend.add(import('@backstage/plugin-events-backend'));
// The catalog, with every configured Tower as a Resource entity.
backend.add(import('@backstage/plugin-catalog-backend'));
backend.add(import('@smartx-cape/plugin-catalog-backend-module-cape-labels'));
// Notifications to Tower owners, delivered live through signals.
backend.add(import('@backstage/plugin-notifications-backend'));
backend.add(import('@backstage/plugin-signals-backend'));
backend.add(import('@smartx-cape/plugin-cape-labels-backend'));
// DevTools: the app's /devtools page (its Scheduled Tasks tab lists the Towers' tasks).
backend.add(import('@backstage/plugin-devtools-backend'));
// The plugin's actions as MCP tools at /api/mcp-actions/v1 (backend.actions.pluginSources).
backend.add(import('@backstage/plugin-mcp-actions-backend'));

// A failed start (say, two replicas migrating a fresh database at once) must end the process,
// so that its supervisor restarts it, rather than leave it answering 503 for ever.
backend.start().catch(error => {
  process.stderr.write(`Backend start failed: ${error?.stack ?? error}\n`);
  process.exit(1);
});
