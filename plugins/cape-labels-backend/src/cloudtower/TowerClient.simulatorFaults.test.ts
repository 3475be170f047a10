import {
  createSelfSignedCert,
  FaultConfig,
  RunningSimulator,
  startSimulator,
} from '@smartx-cape/cloudtower-simulator';
import { TowerAbortedError, TowerUnreachableError } from './errors';
import { warmUp } from './__testUtils__/clientHelpers';
import { createTowerClient } from './TowerClient';
import type { TowerClient } from './TowerClient';
import {
  KEYS,
  listAll,
  OLD,
  rejection,
  opts,
  simulatorEachTest,
  users,
} from './__testUtils__/simHelpers';

describe('TowerClient faults from the CloudTower simulator', () => {
  const t = simulatorEachTest();

  it('maps the simulator faults to typed errors', async () => {
    // A generous timeout where the fault must win on its own merits (a loaded CI machine
    // is slow to stream 8 MB), a short one where the timeout is the point.
    const client = t.connect({
      requestTimeoutMs: 10_000,
      maxResponseBytes: 1024 * 1024,
    });
    const impatient = t.connect({ requestTimeoutMs: 300 });
    await client.checkLabels(['warm-up']);
    await warmUp(() => impatient.checkLabels(['warm-up']));
    const cases: Array<[FaultConfig, string, TowerClient]> = [
      [{ httpStatus: 503 }, 'HTTP_503', client],
      [{ httpStatus: 500 }, 'HTTP_500', client],
      [{ malformedRate: 1 }, 'MALFORMED_RESPONSE', client],
      [{ oversizedBytes: 8 * 1024 * 1024 }, 'RESPONSE_TOO_LARGE', client],
      [{ hang: 'mid-body' }, 'TIMEOUT', impatient],
      [{ hang: 'no-response' }, 'TIMEOUT', impatient],
      [
        { errorRate: 1, errorCode: 'PERMISSION_DENIED' },
        'PERMISSION_DENIED',
        client,
      ],
    ];
    for (const [faults, code, target] of cases) {
      t.sim.admin.setFaults({ match: { rootField: 'labels' }, ...faults });
      const e = await rejection(target.checkLabels(['x']));
      expect(e.code).toBe(code);
      expect(e.message).toMatch(/^Tower sim: checkLabels failed: /);
    }
    t.sim.admin.setFaults({
      match: { rootField: 'labels' },
      hang: 'no-response',
    });
    const abortable = t.connect();
    const e = await rejection(
      abortable.checkLabels(['x'], AbortSignal.timeout(100)),
    );
    expect(e).toBeInstanceOf(TowerAbortedError);
    t.sim.admin.clearFaults();
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
