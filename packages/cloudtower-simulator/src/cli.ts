/* eslint-disable no-console */
import './productionMode';
import { parseArgs } from 'node:util';
import { DEFAULT_USERS, SimulatorUser, UserSource } from './auth';
import {
  createSelfSignedCert,
  RunningSimulator,
  SimulatorOptions,
  startSimulator,
} from './http';
import { NAMED_SCENARIOS } from './scenarios';
import { readTowersFile } from './towersFile';
import type { TowerVersion } from './tower';
import type { CounterLag } from './world';

const HELP = `CloudTower simulator

  npm run cli -- [--port 8800] [--host 127.0.0.1] [--scenario demo] [--towers N]
                 [--counter-lag ms|never] [--user name:password:LOCAL|LDAP]... [--tls]
                 [--tower-version current|legacy] [--introspection on|off] [--extra-relation f]...
                 [--two-factor] [--api-key key]... [--required-header name=value]...
  npm run cli -- --config towers.yaml

  --scenario   ${Object.keys(NAMED_SCENARIOS).join(', ')}, large:<labels>, or a .yaml/.json file
  --towers N   start N independent Towers on ports port, port+1, ...
  --config     YAML/JSON {towers: [SimulatorOptions...]} (port, scenario, counterLag, users, faults, ...)
  --tls        serve HTTPS with a fresh self-signed certificate (needs openssl)
  --tower-version   current (3.x: authnStrategies, source AUTHN) or legacy (pre-3.0)
  --introspection   on|off (default: on for current, off for legacy)
  --extra-relation  a Label relation field beyond the 29 (e.g. backup_plans), repeatable
  --two-factor      a password login returns no token (MFA_REQUIRED)
  --api-key         an API key accepted as the Authorization header with no login, repeatable
  --required-header a header a gateway wants on every /api request (else 403), repeatable
GraphQL at <url>/api, admin routes at <url>/_sim (see README).`;

function parseLag(v: string | undefined): CounterLag | undefined {
  if (v === undefined) return undefined;
  if (v === 'never') return 'never';
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0)
    throw new Error(
      `--counter-lag: expected milliseconds or 'never', got ${v}`,
    );
  return n;
}

function parseOnOff(flag: string, v: string | undefined): boolean | undefined {
  if (v === undefined) return undefined;
  if (v !== 'on' && v !== 'off')
    throw new Error(`--${flag}: expected on or off, got ${v}`);
  return v === 'on';
}

function parseHeaders(
  pairs: string[] | undefined,
): Record<string, string> | undefined {
  if (!pairs) return undefined;
  const out: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0)
      throw new Error(`--required-header: expected name=value, got ${pair}`);
    out[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return out;
}

function parseUser(v: string): SimulatorUser {
  const [username, password, source = 'LOCAL'] = v.split(':');
  if (
    !username ||
    password === undefined ||
    (source !== 'LOCAL' && source !== 'LDAP')
  ) {
    throw new Error(`--user: expected name:password[:LOCAL|LDAP], got ${v}`);
  }
  return { username, password, source: source as UserSource };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8800' },
      host: { type: 'string', default: '127.0.0.1' },
      scenario: { type: 'string', default: 'demo' },
      towers: { type: 'string', default: '1' },
      config: { type: 'string' },
      'counter-lag': { type: 'string' },
      user: { type: 'string', multiple: true },
      tls: { type: 'boolean', default: false },
      'tower-version': { type: 'string' },
      introspection: { type: 'string' },
      'extra-relation': { type: 'string', multiple: true },
      'two-factor': { type: 'boolean', default: false },
      'api-key': { type: 'string', multiple: true },
      'required-header': { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const basePort = Number(values.port);
  let towers: SimulatorOptions[];
  if (values.config) {
    towers = readTowersFile(values.config).map((t, i) => ({
      port: basePort + i,
      host: values.host,
      idSeed: i + 1,
      ...t,
    }));
  } else {
    const users = values.user?.map(parseUser);
    towers = Array.from({ length: Number(values.towers) }, (_, i) => ({
      port: basePort + i,
      host: values.host,
      scenario: values.scenario,
      counterLag: parseLag(values['counter-lag']),
      idSeed: i + 1,
      users,
      towerVersion: values['tower-version'] as TowerVersion | undefined,
      introspection: parseOnOff('introspection', values.introspection),
      extraRelations: values['extra-relation'],
      twoFactor: values['two-factor'],
      apiKeys: values['api-key'],
      requiredHeaders: parseHeaders(values['required-header']),
    }));
  }
  const tls = values.tls ? await createSelfSignedCert() : undefined;
  const running: RunningSimulator[] = [];
  for (const t of towers) {
    const started = Date.now();
    const sim = await startSimulator({ ...t, tls: t.tls ?? tls });
    running.push(sim);
    const s = sim.admin.summary();
    console.log(
      `Tower simulator at ${sim.url}/api  (admin ${sim.url}/_sim)  ${s.labels} labels, ${s.vms} VMs, ` +
        `counter lag ${String(s.counterLag)}, loaded in ${Date.now() - started} ms`,
    );
  }
  const users = towers[0]?.users ?? DEFAULT_USERS;
  console.log(
    `Users: ${users.map(u => `${u.username} (${u.source})`).join(', ')}`,
  );
  if (tls) console.log(`CA certificate (self-signed):\n${tls.cert}`);
  const stop = async () => {
    await Promise.all(running.map(r => r.stop()));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch(e => {
  console.error((e as Error).message);
  process.exit(1);
});
