import type { Config } from '@backstage/config';
import type { TowerTransport } from '@smartx-cape/plugin-cape-labels-common';
import { invalid } from './readValues';

/** Where a configured Tower is, and what about the way there deserves a warning. */
type TowerServer = {
  /** As configured, without trailing slashes. */
  server: string;
  skipTLSVerify: boolean;
  /** Set marks only; `{}` for a verified https:// Tower (or a loopback http:// one). */
  transport: TowerTransport;
};

/** 127.0.0.0/8, ::1 and localhost, as `URL` spells a host (IPv4 canonical, IPv6 bracketed). */
function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

function parseServer(server: string, key: string): URL {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    return invalid(key, 'must be an http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    invalid(key, 'must be an http(s) URL');
  }
  // Credentials in the URL would be sent as-is and shown to every user of the card.
  if (url.username || url.password) {
    invalid(
      key,
      'must not carry credentials (user:password@); set username and password instead',
    );
  }
  // The client appends /api to the whole string: a query or fragment would swallow it.
  if (/[?#]/.test(server)) {
    invalid(key, 'must not have a query (?) or fragment (#)');
  }
  return url;
}

/**
 * Reads `server`, `allowInsecure` and `skipTLSVerify` of one Tower. `http://` sends the password
 * in clear, so it is refused unless the host is this machine or the Tower opts in.
 */
export function readTowerServer(tower: Config, towerKey: string): TowerServer {
  const server = tower.getString('server');
  const url = parseServer(server, `${towerKey}.server`);
  const allowInsecure = tower.getOptionalBoolean('allowInsecure') ?? false;
  const skipTLSVerify = tower.getOptionalBoolean('skipTLSVerify') ?? false;
  const clearText = url.protocol === 'http:' && !isLoopbackHost(url.hostname);
  if (clearText && !allowInsecure) {
    invalid(
      `${towerKey}.server`,
      `must be https:// (http:// sends the Tower password in clear); set ${towerKey}.allowInsecure: true to accept that`,
    );
  }
  return {
    server: server.replace(/\/+$/, ''),
    skipTLSVerify,
    transport: {
      ...(clearText ? { insecure: true as const } : {}),
      ...(skipTLSVerify && url.protocol === 'https:'
        ? { skipTLSVerify: true as const }
        : {}),
    },
  };
}

/** The start-up warnings a Tower's transport deserves, one line each. */
export function transportWarnings(tower: {
  id: string;
  transport: TowerTransport;
}): string[] {
  const warnings: string[] = [];
  if (tower.transport.insecure) {
    warnings.push(
      `Tower ${tower.id}: server is http:// (allowInsecure): its password and token cross the network in clear`,
    );
  }
  if (tower.transport.skipTLSVerify) {
    warnings.push(
      `Tower ${tower.id}: skipTLSVerify is on: anyone between this backend and Tower can pose as Tower and read its password; set caCert instead`,
    );
  }
  return warnings;
}
