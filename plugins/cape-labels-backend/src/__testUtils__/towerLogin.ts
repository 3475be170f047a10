import type { SimulatorUser } from '@smartx-cape/cloudtower-simulator';
import type { PasswordCredentials } from '../cloudtower/types';

/** The Tower user every test logs in as, unless it needs another user on purpose. */
export const TOWER_USERNAME = 'cape-gc';

/**
 * The Tower password of every test that logs in: it must never show up in logs, errors, API
 * answers or events. The quote and the `!` check that it travels escaped.
 */
export const TOWER_PASSWORD = 'Tower-Pa55word"never-logged!';

/** The API key of every test that uses one: kept out of the same places as the password. */
export const TOWER_API_KEY = 'ak-Secret"Key!0123456789';

/** The test user as the simulator knows it: a LOCAL user. */
export const TOWER_USER: SimulatorUser = {
  username: TOWER_USERNAME,
  password: TOWER_PASSWORD,
  source: 'LOCAL',
};

/** The user of the tests that log in through LDAP on purpose, with a password of its own. */
export const LDAP_USER: SimulatorUser = {
  username: 'ldap-gc',
  password: 'Ldap-Pa55word',
  source: 'LDAP',
};

/** A Tower's app-config entry: its server, and the test user's username and password. */
export function towerConnectionConfig(server: string) {
  return { server, username: TOWER_USERNAME, password: TOWER_PASSWORD };
}

/** A password login as the config reader builds it: the test user, LOCAL, then `over` on top. */
export function passwordCredentials(
  over: Partial<Omit<PasswordCredentials, 'kind'>> = {},
): PasswordCredentials {
  return {
    kind: 'password',
    username: TOWER_USERNAME,
    password: TOWER_PASSWORD,
    userSource: 'LOCAL',
    ...over,
  };
}

/** The LDAP user's login as the config reader builds it, then `over` on top. */
export function ldapCredentials(
  over: Partial<Omit<PasswordCredentials, 'kind'>> = {},
): PasswordCredentials {
  return passwordCredentials({
    username: LDAP_USER.username,
    password: LDAP_USER.password,
    userSource: 'LDAP',
    ...over,
  });
}

/**
 * Fails when `text` holds one of the secrets (the password unless told) as it is or in the forms
 * a leak takes on the way: escaped by JSON (the quote in the test secrets), or URL-encoded.
 */
export function expectNoSecret(text: string, secrets = [TOWER_PASSWORD]) {
  for (const secret of secrets) {
    for (const form of new Set([
      secret,
      JSON.stringify(secret).slice(1, -1),
      encodeURIComponent(secret),
    ])) {
      expect(text).not.toContain(form);
    }
  }
}
