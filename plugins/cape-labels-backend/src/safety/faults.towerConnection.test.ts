import { createSelfSignedCert } from '@smartx-cape/cloudtower-simulator';
import { expectSafe, kitPerTest, seed } from './__testUtils__/faultKit';

// A shared 2-core machine: generous per-test time, no timing-sensitive assertions.
jest.setTimeout(60_000);

describe('sweep under Tower connection faults (DNS, TLS, timeouts)', () => {
  const kit = kitPerTest();

  it('DNS failure: a failed run naming the host lookup, nothing sent', async () => {
    const h = await kit({ tower: { server: 'http://tower.invalid' } });
    const s = seed(h);
    const run = await h.sweep();
    expect(run.status).toBe('failed');
    expect(['ENOTFOUND', 'EAI_AGAIN']).toContain(run.error?.code);
    expect(h.sim.admin.requestLog()).toEqual([]);
    await expectSafe(h, run, s);
  });

  describe('TLS with a self-signed certificate', () => {
    let tls: { key: string; cert: string };
    beforeAll(async () => {
      tls = await createSelfSignedCert();
    });

    it('fails without skipTLSVerify or caCert, and deletes nothing', async () => {
      const h = await kit({ simulator: { tls } });
      const s = seed(h);
      const run = await h.sweep();
      expect(run).toMatchObject({ status: 'failed', error: { code: 'TLS' } });
      expect(h.sim.admin.requestLog()).toEqual([]);
      await expectSafe(h, run, s);
    });

    it.each([
      ['skipTLSVerify: true', { skipTLSVerify: true }],
      ['caCert', {}],
    ])('succeeds with %s', async (_name, over) => {
      const h = await kit({
        simulator: { tls },
        tower: {
          ...over,
          ...('skipTLSVerify' in over ? {} : { caCert: tls.cert }),
        },
      });
      const s = seed(h);
      const run = await h.sweep();
      expect(run.status).toBe('succeeded');
      expect((await expectSafe(h, run, s)).sort()).toEqual(
        [...s.orphans].sort(),
      );
    });
  });

  it.each([
    ['latency above requestTimeoutMs', { latencyMs: 1500 }],
    ['no response at all', { hang: 'no-response' as const }],
    ['a body that stops half way', { hang: 'mid-body' as const }],
  ])(
    'times out on %s: failed run, code TIMEOUT',
    async (_name, fault) => {
      const h = await kit({ requestTimeoutMs: 300 });
      const s = seed(h);
      h.sim.admin.setFaults({
        rules: [{ match: { operationName: 'CapeLabelsList' }, ...fault }],
      });
      const run = await h.sweep();
      expect(run).toMatchObject({
        status: 'failed',
        error: {
          code: 'TIMEOUT',
          params: { timeoutMs: 300, operation: 'listLabels', towerId: 't1' },
        },
      });
      await expectSafe(h, run, s);
    },
    30_000,
  );

  it('a hang on the delete batch: the labels are recorded as failed unless Tower deleted them', async () => {
    const h = await kit({ requestTimeoutMs: 300 });
    const s = seed(h);
    h.sim.admin.setFaults({
      rules: [
        { match: { rootField: 'deleteManyLabels' }, hang: 'no-response' },
      ],
    });
    const run = await h.sweep();
    expect(run.status).not.toBe('succeeded');
    await expectSafe(h, run, s);
  }, 30_000);
});
