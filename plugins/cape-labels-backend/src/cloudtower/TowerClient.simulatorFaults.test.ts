import {
  createSelfSignedCert,
  FaultConfig,
  RunningSimulator,
  startSimulator,
} from '@smartx-cape/cloudtower-simulator';
import { createTowerClient } from './TowerClient';
import { TowerAbortedError, TowerUnreachableError } from './errors';
import type { TowerClient } from './types';
import {
  KEYS,
  listAll,
  OLD,
  opts,
  rejection,
  users,
} from './__testUtils__/simHelpers';

describe('TowerClient faults from the CloudTower simulator', () => {
  let sim: RunningSimulator;
  let client: TowerClient | undefined;
  beforeEach(async () => {
    sim = await startSimulator({ users });
  });
  afterEach(async () => {
    await client?.close();
    client = undefined;
    await sim.stop();
  });

  it('maps the simulator faults to typed errors', async () => {
    client = createTowerClient(
      opts(sim, { requestTimeoutMs: 300, maxResponseBytes: 1024 * 1024 }),
    );
    await client.checkLabels(['warm-up']);
    const cases: Array<[FaultConfig, string]> = [
      [{ httpStatus: 503 }, 'HTTP_503'],
      [{ httpStatus: 500 }, 'HTTP_500'],
      [{ malformedRate: 1 }, 'MALFORMED_RESPONSE'],
      [{ oversizedBytes: 8 * 1024 * 1024 }, 'RESPONSE_TOO_LARGE'],
      [{ hang: 'mid-body' }, 'TIMEOUT'],
      [{ hang: 'no-response' }, 'TIMEOUT'],
      [{ errorRate: 1, errorCode: 'PERMISSION_DENIED' }, 'PERMISSION_DENIED'],
    ];
    for (const [faults, code] of cases) {
      sim.admin.setFaults({ match: { rootField: 'labels' }, ...faults });
      const e = await rejection(client.checkLabels(['x']));
      expect(e.code).toBe(code);
      expect(e.message).toMatch(/^Tower sim: checkLabels failed: /);
    }
    sim.admin.setFaults({
      match: { rootField: 'labels' },
      hang: 'no-response',
    });
    const abortable = createTowerClient(opts(sim));
    const e = await rejection(
      abortable.checkLabels(['x'], AbortSignal.timeout(100)),
    );
    expect(e).toBeInstanceOf(TowerAbortedError);
    sim.admin.clearFaults();
    await abortable.close();
  });
});

describe('TowerClient over HTTPS with a self-signed certificate', () => {
  let sim: RunningSimulator;
  let cert: string;
  beforeAll(async () => {
    const tls = await createSelfSignedCert();
    cert = tls.cert;
    sim = await startSimulator({ users, tls });
    sim.admin.createLabel({ key: 'cape-vip', createdAt: OLD });
  }, 30_000);
  afterAll(() => sim.stop());

  it('fails without the CA, works with caCert or skipTLSVerify', async () => {
    expect(sim.url).toMatch(/^https:/);
    const e = await rejection(createTowerClient(opts(sim)).checkLabels(['x']));
    expect(e).toBeInstanceOf(TowerUnreachableError);
    expect(e.code).toBe('TLS');
    expect((e as TowerUnreachableError).tlsCode).toMatch(/CERT|SIGNED/);
    expect(e.message).toMatch(/^Tower sim: login failed: TLS error \(/);

    for (const extra of [{ caCert: cert }, { skipTLSVerify: true }]) {
      const c = createTowerClient(opts(sim, extra));
      await expect(listAll(c, KEYS)).resolves.toHaveLength(1);
      await c.close();
    }
  });
});
