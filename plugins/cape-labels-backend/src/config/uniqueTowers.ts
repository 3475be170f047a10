import { InputError } from '@backstage/errors';

/** The ports a Tower's web server answers by default, over http and https: one Tower either way. */
const WEB_PORTS = new Set(['', '80', '443']);

/**
 * One spelling per Tower endpoint, whatever its scheme (`http://host` with `allowInsecure` is the
 * same Tower as `https://host`): host in lower case (the URL parser does that) without a trailing
 * dot, the port unless it is a default web port, repeated and trailing slashes of the path
 * removed. Host names are not resolved: `localhost` and `127.0.0.1` stay two servers.
 */
export function normalisedServer(server: string): string {
  const url = new URL(server);
  const host = url.hostname.replace(/\.$/, '');
  const port = WEB_PORTS.has(url.port) ? '' : `:${url.port}`;
  const path = url.pathname.replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  return `${host}${port}${path}`;
}

/**
 * Two ids for one Tower and prefix would sweep the same labels at once, each with its own cap,
 * lease and history: refused, naming both ids.
 */
export function refuseSharedTowers(
  root: string,
  towers: ReadonlyArray<{ id: string; server: string; resourcePrefix: string }>,
): void {
  const seen = new Map<string, string>();
  for (const tower of [...towers].sort((a, b) => a.id.localeCompare(b.id))) {
    const endpoint = `${normalisedServer(tower.server)} ${tower.resourcePrefix}`;
    const other = seen.get(endpoint);
    if (other !== undefined) {
      throw new InputError(
        `${root}.towers.${other} and ${root}.towers.${tower.id}: the same Tower (${normalisedServer(tower.server)}) and resourcePrefix (${tower.resourcePrefix}) under two ids; keep one, or give each its own resourcePrefix`,
      );
    }
    seen.set(endpoint, tower.id);
  }
}
