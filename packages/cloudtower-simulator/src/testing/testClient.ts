import { DEFAULT_PASSWORD, DEFAULT_USERNAME } from '../auth';

/** Tiny GraphQL-over-fetch helper for the simulator's own tests. */
export interface GqlResponse {
  status: number;
  data: any;
  errors?: {
    message: string;
    code: string;
    path: (string | number)[] | null;
  }[];
}

export async function gql(
  url: string,
  query: string,
  variables?: Record<string, unknown>,
  token?: string,
  init: { path?: string; signal?: AbortSignal; operationName?: string } = {},
): Promise<GqlResponse> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
  };
  if (token !== undefined) headers.authorization = token;
  const res = await fetch(`${url}${init.path ?? '/api'}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      query,
      variables,
      operationName: init.operationName,
    }),
    signal: init.signal,
  });
  const body = await res.json();
  return { status: res.status, data: body.data, errors: body.errors };
}

export async function login(
  url: string,
  username = DEFAULT_USERNAME,
  password = DEFAULT_PASSWORD,
  source = 'LOCAL',
  authConfigId?: string,
): Promise<string> {
  const d: Record<string, string> = { username, password, source };
  if (authConfigId !== undefined) d.auth_config_id = authConfigId;
  const r = await gql(
    url,
    'mutation($d: LoginInput!) { login(data: $d) { token } }',
    { d },
  );
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data.login.token;
}

export async function adminCall(
  url: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<any> {
  const res = await fetch(`${url}/_sim${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
