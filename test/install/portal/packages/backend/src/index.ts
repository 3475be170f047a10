// The README's backend steps: the permission backend with a policy of the portal's own, and the
// cape-labels backend plugin (the events backend is optional and left out here).
import { createBackend } from '@backstage/backend-defaults';
import { permissionPolicyModule } from './permissionPolicy';

const backend = createBackend();
backend.add(import('@backstage/plugin-permission-backend'));
backend.add(permissionPolicyModule);
backend.add(import('@smartx-cape/plugin-cape-labels-backend'));
backend.start();
