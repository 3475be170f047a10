import type { PermissionsService } from '@backstage/backend-plugin-api';
import { AuthorizeResult } from '@backstage/plugin-permission-common';

/** A permissions service whose answer a test can change at any time. */
export function switchablePermissions() {
  const state = {
    result: AuthorizeResult.ALLOW as
      AuthorizeResult.ALLOW | AuthorizeResult.DENY,
    /** Permission names refused whatever `result` says. */
    denied: new Set<string>(),
    asked: 0,
  };
  const answer = async <T extends { permission: { name: string } }>(
    requests: T[],
  ) => {
    state.asked += requests.length;
    return requests.map(r => ({
      ...r,
      result: state.denied.has(r.permission.name)
        ? AuthorizeResult.DENY
        : state.result,
    }));
  };
  const service = {
    authorize: answer,
    authorizeConditional: answer,
  } as unknown as PermissionsService;
  return { state, service };
}
