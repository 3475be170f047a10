import { request } from 'node:https';
import { startSimulator } from './server';
import { createSelfSignedCert } from './tls';

describe('TLS', () => {
  it('serves HTTPS with a self-signed certificate', async () => {
    const tls = await createSelfSignedCert();
    const sim = await startSimulator({ tls });
    try {
      expect(sim.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const call = (ca?: string) =>
        new Promise<number>((resolve, reject) => {
          const req = request(`${sim.url}/_sim/health`, { ca }, res => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on('error', reject);
          req.end();
        });
      await expect(call()).rejects.toThrow(/self[- ]signed/i);
      expect(await call(tls.cert)).toBe(200);
    } finally {
      await sim.stop();
    }
  });
});
