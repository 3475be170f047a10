import type { LoggerService } from '@backstage/backend-plugin-api';
import { stringifyError } from '@backstage/errors';
import { DateTime } from 'luxon';
import { plainText } from '../lib/plainText';
import {
  authFailureCode,
  parseAnswer,
  TowerAbortedError,
  TowerAuthError,
  TowerOperation,
} from './errors';
import {
  describeLogin,
  pickConfig,
  unknownQuery,
  withApiKeyHint,
  type PasswordLogin,
} from './login';
import * as ops from './operations';
import { SecretScrubber } from './scrub';
import type {
  PasswordCredentials,
  RequestFailureListener,
  TowerClockReading,
  TowerConnectionOptions,
  TowerCredentials,
  TowerLogin,
  Vars,
} from './types';
import { TowerWire, type WireAnswer } from './wire';

const MAX_ID_BYTES = 128;

/**
 * Who one client is to one Tower. With a password: one login shared by concurrent callers (one
 * in flight at a time), one fresh login when Tower refuses the token, Tower's clock from the
 * login's `Date` header, the logout. With an API key: the key on every request, no login or
 * logout, Tower's clock from the first answer, and a refused key fails every later call without
 * sending it again.
 */
export class TowerSession {
  readonly towerId: string;
  private readonly credentials: TowerCredentials;
  /** Never in an error: the password or API key, the header values, every token given since. */
  private readonly scrubber: SecretScrubber;
  private readonly wire: TowerWire;
  private token?: string;
  private loginInFlight?: Promise<string>;
  private passwordLogin?: PasswordLogin;
  private authenticated?: TowerLogin;
  private clock?: TowerClockReading;
  private keyRefusedCode?: string;

  constructor(
    options: TowerConnectionOptions,
    private readonly logger?: Pick<LoggerService, 'debug' | 'info'>,
    onRequestFailed?: RequestFailureListener,
  ) {
    const { credentials, headers } = options;
    this.towerId = options.towerId;
    this.credentials = credentials;
    this.scrubber = new SecretScrubber([
      credentials.kind === 'apiKey' ? credentials.apiKey : credentials.password,
      ...Object.values(headers ?? {}),
    ]);
    this.wire = new TowerWire(options, this.scrubber.scrub, onRequestFailed);
  }

  async readClock(signal?: AbortSignal): Promise<TowerClockReading> {
    if (this.credentials.kind === 'password') {
      await this.getToken('login', signal);
    } else if (!this.clock) {
      await this.request('ping', ops.PING, {}, ops.parsePing, signal);
    }
    return this.clock ?? clockOf(null);
  }

  loginUsed(): TowerLogin | undefined {
    return this.authenticated;
  }

  async close(): Promise<void> {
    const token = this.token;
    this.token = undefined;
    if (token)
      await this.wire
        .send('logout', ops.LOGOUT, {}, { auth: token })
        .catch((e: unknown) =>
          this.logger?.debug(
            `Tower ${this.towerId}: logout failed (ignored): ${stringifyError(e)}`,
          ),
        );
    await this.wire.close();
  }

  async request<T>(
    operation: TowerOperation,
    document: string,
    variables: Vars,
    parse: (data: unknown) => T,
    signal?: AbortSignal,
  ): Promise<T> {
    if (signal?.aborted) {
      throw new TowerAbortedError({ towerId: this.towerId, operation });
    }
    const send = (auth: string) =>
      this.wire.send(operation, document, variables, { auth, signal });
    const data =
      this.credentials.kind === 'apiKey'
        ? await this.sendWithKey(this.credentials.apiKey, operation, send)
        : await this.sendWithToken(operation, send, signal);
    return parseAnswer(this.towerId, operation, () => parse(data));
  }

  private async sendWithToken(
    operation: TowerOperation,
    send: (auth: string) => Promise<WireAnswer>,
    signal?: AbortSignal,
  ): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      const token = await this.getToken(operation, signal);
      try {
        return (await send(token)).data;
      } catch (e) {
        const code = authFailureCode(e);
        if (code === undefined) throw e;
        if (this.token === token) this.token = undefined;
        if (attempt > 1) {
          // The words apart from the code: "login (" would read like a document being built.
          const why = `(${code})`;
          throw new TowerAuthError(
            `token rejected again after a fresh login ${why}`,
            { towerId: this.towerId, operation, passedThroughCode: code },
          );
        }
        this.logger?.info(
          `Tower ${this.towerId}: token rejected during ${operation} (${code}), logging in again`,
        );
      }
    }
  }

  private async sendWithKey(
    apiKey: string,
    operation: TowerOperation,
    send: (auth: string) => Promise<WireAnswer>,
  ): Promise<unknown> {
    if (this.keyRefusedCode === undefined) {
      try {
        const answer = await send(apiKey);
        this.clock ??= clockOf(answer.date);
        this.noteAuthenticated({ method: 'apiKey' });
        return answer.data;
      } catch (e) {
        const code = authFailureCode(e);
        if (code === undefined) throw e;
        this.keyRefusedCode = code;
      }
    }
    throw new TowerAuthError(
      `API key refused (${this.keyRefusedCode}); an API key is never retried or replaced by a login`,
      { towerId: this.towerId, operation, code: 'API_KEY_REFUSED' },
    );
  }

  private async getToken(
    operation: TowerOperation,
    signal?: AbortSignal,
  ): Promise<string> {
    if (this.token) return this.token;
    const login = (this.loginInFlight ??= this.login().finally(() => {
      this.loginInFlight = undefined;
    }));
    login.catch(() => undefined);
    if (!signal) return login;
    // The shared login ignores one caller's signal; each caller stops waiting on its own.
    return new Promise<string>((resolve, reject) => {
      const onAbort = () =>
        reject(new TowerAbortedError({ towerId: this.towerId, operation }));
      if (signal.aborted) onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      login
        .then(resolve, reject)
        .finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  private async login(): Promise<string> {
    const credentials = this.credentials as PasswordCredentials;
    const { username, password } = credentials;
    const login = (this.passwordLogin ??= await this.resolveLogin(credentials));
    const answer = await this.wire
      .send('login', ops.LOGIN, {
        data: {
          username,
          password,
          source: login.source,
          ...(login.source === 'AUTHN' && {
            auth_config_id: login.authConfigId,
          }),
        },
      })
      .catch((e: unknown) => {
        throw withApiKeyHint(e, this.towerId);
      });
    this.clock = clockOf(answer.date);
    const token = parseAnswer(this.towerId, 'login', () =>
      ops.parseLoginToken(answer.data),
    );
    if (!token) {
      throw new TowerAuthError(
        `login returned no token (two-factor login needs an API key: set capeLabels.towers.${this.towerId}.apiKey)`,
        { towerId: this.towerId, operation: 'login', code: 'NO_TOKEN' },
      );
    }
    this.scrubber.add(token);
    this.token = token;
    this.noteAuthenticated(login, ` (user ${username})`);
    return token;
  }

  private async resolveLogin(
    credentials: PasswordCredentials,
  ): Promise<PasswordLogin> {
    if (credentials.userSource === 'LOCAL') {
      return { method: 'password', source: 'LOCAL' };
    }
    const answer = await this.wire
      .send('authnStrategies', ops.AUTHN_STRATEGIES, {})
      .catch((e: unknown) => {
        if (unknownQuery(e)) return undefined;
        throw e;
      });
    if (!answer)
      return {
        method: 'password',
        source: 'LDAP',
        reason: 'no-authn-strategies',
      };
    const ids = parseAnswer(this.towerId, 'authnStrategies', () =>
      ops
        .parseLdapConfigIds(answer.data)
        .map(id => plainText(this.scrubber.scrub(id), MAX_ID_BYTES)),
    );
    return pickConfig(ids, credentials.authConfigId, this.towerId);
  }

  private noteAuthenticated(login: TowerLogin, who = ''): void {
    if (this.authenticated) return;
    this.authenticated = login;
    this.logger?.info(`Tower ${this.towerId}: ${describeLogin(login)}${who}`);
  }
}

export function clockOf(date: string | null): TowerClockReading {
  const local = (reason: string) => ({ source: 'local' as const, reason });
  if (!date) return local('Tower sent no Date header');
  const towerTime = DateTime.fromHTTP(date, { zone: 'utc' });
  if (!towerTime.isValid)
    return local('Tower sent a Date header that is not an HTTP date');
  return { source: 'tower', towerNowMs: towerTime.toMillis() };
}
