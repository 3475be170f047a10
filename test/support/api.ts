import { STATIC_TOKEN } from './config';

type ApiResponse<T> = { status: number; body: T };

/** Calls the backend; the static service token unless a user token is given. */
export async function callApi<T = unknown>(
  baseUrl: string,
  path: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${options.token ?? STATIC_TOKEN}`,
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: body as T };
}

/** A guest user's Backstage token, for requests that should be recorded as the guest's. */
export async function guestToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/guest/refresh?env=development`, {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
  if (!res.ok)
    throw new Error(`guest sign-in failed: ${res.status} ${await res.text()}`);
  const json = (await res.json()) as { backstageIdentity?: { token?: string } };
  const token = json.backstageIdentity?.token;
  if (!token) throw new Error('guest sign-in returned no token');
  return token;
}
