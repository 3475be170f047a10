import { createBackend } from '@backstage/backend-defaults';
import { demoPermissionPolicyModule } from './permissionPolicy';

const backend = createBackend();

backend.add(import('@backstage/plugin-auth-backend'));
backend.add(import('@backstage/plugin-auth-backend-module-guest-provider'));
backend.add(import('@backstage/plugin-permission-backend'));
backend.add(demoPermissionPolicyModule);
backend.add(import('@backstage/plugin-events-backend'));
backend.add(import('@smartx-cape/plugin-cape-labels-backend'));

backend.start();
