import type { JsonObject } from '@backstage/types';
import {
  auth,
  BASE,
  type CapeBackend,
} from '../../service/__testUtils__/testBackend';

/** The actions registry's routes on the plugin, as the actions service (and so MCP) calls them. */
const ACTIONS = `${BASE}/.backstage/actions/v1/actions`;

/** Invokes `cape-labels:<name>` as a user (or as `headers` say); the supertest response. */
export function invokeAction(
  b: CapeBackend,
  name: string,
  input: JsonObject = {},
  headers: Record<string, string> = auth.user(),
) {
  return b
    .http()
    .post(`${ACTIONS}/cape-labels:${name}/invoke`)
    .set(headers)
    .send(input);
}

/** The actions the plugin lists to a user (or as `headers` say). */
export function listActions(
  b: CapeBackend,
  headers: Record<string, string> = auth.user(),
) {
  return b.http().get(ACTIONS).set(headers);
}
