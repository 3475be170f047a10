import { InputError } from '@backstage/errors';

/**
 * One spelling per Tower endpoint: scheme and host in lower case (the URL parser does that),
 * the default port dropped, a trailing dot of the host, repeated and trailing slashes of the
 * path removed. Host names are not resolved: `localhost` and `127.0.0.1` stay two servers.
 */
export function normalisedServer(server: string): string {
  const url = new URL(server);
  const host = url.host.replace(/\.(?=:|$)/, '');
  const path = url.pathname.replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  return `${url.protocol}//${host}${path}`;
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
