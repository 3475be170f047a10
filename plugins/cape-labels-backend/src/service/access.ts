import type {
  AuditorService,
  BackstageCredentials,
  BackstageServicePrincipal,
  BackstageUserPrincipal,
  HttpAuthService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { NotAllowedError } from '@backstage/errors';
import {
  AuthorizeResult,
  type BasicPermission,
} from '@backstage/plugin-permission-common';
import type { JsonObject } from '@backstage/types';
import type express from 'express';

type Caller = BackstageCredentials<
  BackstageUserPrincipal | BackstageServicePrincipal
>;

/** Users and services (other plugins, external access tokens) may call; Backstage's access restrictions apply. */
export function callerOf(
  httpAuth: HttpAuthService,
  req: express.Request,
): Promise<Caller> {
  return httpAuth.credentials(req, { allow: ['user', 'service'] });
}

/** Throws 403 unless the permission policy allows the caller `permission`. */
export async function requirePermission(
  permissions: PermissionsService,
  credentials: Caller,
  permission: BasicPermission,
  what: string,
): Promise<void> {
  const [decision] = await permissions.authorize([{ permission }], {
    credentials,
  });
  if (decision.result !== AuthorizeResult.ALLOW) {
    throw new NotAllowedError(`You may not ${what} (${permission.name})`);
  }
}

/**
 * Who asked, with the principal's type: a user's entity ref (`user:default/jane`), a service's
 * subject behind `service:` (`service:external:pipeline`). A static token's subject is whatever
 * its config says, `user:default/ceo` included, so it never stands bare.
 */
export function requesterOf(credentials: Caller): string {
  const { principal } = credentials;
  return principal.type === 'user'
    ? principal.userEntityRef
    : `service:${principal.subject}`;
}

/**
 * Runs `action` inside an auditor event: initiated now, then succeeded with the action's meta
 * or failed with its error (which is rethrown).
 */
export async function audited<T extends { meta?: JsonObject }>(
  auditor: AuditorService,
  options: Parameters<AuditorService['createEvent']>[0],
  action: () => Promise<T>,
): Promise<T> {
  const event = await auditor.createEvent(options);
  try {
    const result = await action();
    await event.success({ meta: result.meta });
    return result;
  } catch (error) {
    await event.fail({ error: error as Error });
    throw error;
  }
}
