import { inspect } from 'node:util';
import { TowerError, TowerTimeoutError } from '../errors';
import type { TowerConnectionOptions, TowerLabel } from '../TowerClient';
import type { RawReply, RawRequest } from './rawServer';
import {
  LDAP_USER,
  TOWER_API_KEY,
  TOWER_PASSWORD,
  expectNoSecret,
  passwordCredentials,
} from '../../__testUtils__/towerLogin';

export function opts(
  url: string,
  extra: Partial<TowerConnectionOptions> = {},
): TowerConnectionOptions {
  return {
    towerId: 'raw',
    server: url,
    credentials: passwordCredentials(),
    skipTLSVerify: false,
    requestTimeoutMs: 5000,
    requestsInFlight: 8,
    maxResponseBytes: 8 * 1024 * 1024,
    ...extra,
  };
}

/** What introspection of `Label` and `LabelWhereInput` answers on a Tower with these relations. */
export function relationsIntrospection(relations: string[]) {
  const list = {
    kind: 'LIST',
    ofType: { kind: 'NON_NULL', ofType: { kind: 'OBJECT' } },
  };
  return {
    data: {
      label: {
        fields: [
          {
            name: 'id',
            type: { kind: 'NON_NULL', ofType: { kind: 'SCALAR' } },
          },
          ...relations.map(name => ({ name, type: list })),
        ],
      },
      where: {
        inputFields: [
          { name: 'id_in' },
          ...relations.flatMap(r => [
            { name: `${r}_some` },
            { name: `${r}_none` },
          ]),
        ],
      },
    },
  };
}

/** Serves login/logout and introspection (a Tower whose labels only VMs reference); everything else goes to `rest`. */
export function withLogin(
  rest: (req: RawRequest) => RawReply | Promise<RawReply>,
) {
  return (req: RawRequest): RawReply | Promise<RawReply> => {
    if (req.operationName === 'CapeLabelsLogin')
      return { json: { data: { login: { token: 'tok-1' } } } };
    if (req.operationName === 'CapeLabelsLogout')
      return { json: { data: { logout: 'ok' } } };
    if (req.operationName === 'CapeLabelsRelations')
      return { json: relationsIntrospection(['vms']) };
    return rest(req);
  };
}

export const labelRow = (id: string) => ({
  id,
  key: 'cape-vip',
  value: 'v',
  createdAt: '2020-01-01T00:00:00.000Z',
  total_num: 0,
});

export async function collect(
  pages: AsyncIterable<TowerLabel[]>,
): Promise<TowerLabel[][]> {
  const out: TowerLabel[][] = [];
  for await (const p of pages) out.push(p);
  return out;
}

function expectNoSecretsIn(e: unknown) {
  const text = `${inspect(e, { depth: 20, showHidden: true })}${JSON.stringify(e)}${String(e)}`;
  expectNoSecret(text, [TOWER_PASSWORD, LDAP_USER.password, TOWER_API_KEY]);
  expect(text).not.toContain('tok-1');
}

export async function caught(p: Promise<unknown>): Promise<TowerError> {
  try {
    await p;
  } catch (e) {
    expectNoSecretsIn(e);
    expect(e).toBeInstanceOf(TowerError);
    return e as TowerError;
  }
  throw new Error('expected a rejection');
}

/**
 * Runs `call` (one the server answers) until it gets through, at most `tries` times: it logs
 * the client in and warms its connection. On a loaded machine even an answered login can
 * miss a short `requestTimeoutMs`; after this, a timeout can only come from the request under
 * test, since the session is already logged in.
 */
export async function warmUp(
  call: () => Promise<unknown>,
  tries = 10,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await call();
      return;
    } catch (e) {
      if (attempt >= tries || !(e instanceof TowerTimeoutError)) throw e;
    }
  }
}
