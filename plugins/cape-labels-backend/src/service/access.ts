import type {
  AuditorService,
  BackstageCredentials,
  BackstageServicePrincipal,
  BackstageUserPrincipal,
  HttpAuthService,
} from '@backstage/backend-plugin-api';
import { AuthenticationError, toError } from '@backstage/errors';
import type { JsonObject } from '@backstage/types';

/** A caller the routes accept: a user or a service. */
export type Caller = BackstageCredentials<
  BackstageUserPrincipal | BackstageServicePrincipal
>;

/** Any request httpAuth reads credentials from, the validated router's typed ones included. */
export type CallerRequest = Parameters<HttpAuthService['credentials']>[0];

/** Users and services (other plugins, external access tokens) may call; Backstage's access restrictions apply. */
export function callerOf(
  httpAuth: HttpAuthService,
  req: CallerRequest,
): Promise<Caller> {
  return httpAuth.credentials(req, { allow: ['user', 'service'] });
}

/**
 * The caller of a registered action: the actions registry hands over whatever credentials the
 * request carried and refuses only anonymous ones itself; anything but a user or a service is 401.
 */
export function callerOfAction(credentials: BackstageCredentials): Caller {
  const { type } = (credentials.principal ?? {}) as { type?: unknown };
  if (type !== 'user' && type !== 'service')
    throw new AuthenticationError('Actions need a signed-in user or a service');
  return credentials as Caller;
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
    await event.fail({ error: toError(error) });
    throw error;
  }
}
