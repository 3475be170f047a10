import type { PasswordCredentials } from '../cloudtower/passwordLogin';

/**
 * The Tower password of every test that logs in: it must never show up in logs, errors, API
 * answers or events. The quote and the `!` check that it travels escaped.
 */
export const TOWER_PASSWORD = 'Tower-Pa55word"never-logged!';

/** The API key of every test that uses one: kept out of the same places as the password. */
export const TOWER_API_KEY = 'ak-Secret"Key!0123456789';

/** A password login as the config reader builds it: `cape-gc`, LOCAL, then `over` on top. */
export function passwordCredentials(
  over: Partial<Omit<PasswordCredentials, 'kind'>> = {},
): PasswordCredentials {
  return {
    kind: 'password',
    username: 'cape-gc',
    password: TOWER_PASSWORD,
    userSource: 'LOCAL',
    ...over,
  };
}
