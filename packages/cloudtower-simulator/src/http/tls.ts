import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throw-away self-signed certificate for 127.0.0.1 / localhost and `dnsNames` (made with the
 * `openssl` CLI, which must be on PATH). The certificate is its own CA: give `cert` to a client as
 * its CA bundle.
 */
export async function createSelfSignedCert(
  options: { commonName?: string; days?: number; dnsNames?: string[] } = {},
): Promise<{ key: string; cert: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'tower-sim-tls-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  const args = [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    keyFile,
    '-out',
    certFile,
    '-days',
    String(options.days ?? 7),
    '-subj',
    `/CN=${options.commonName ?? '127.0.0.1'}`,
    '-addext',
    `subjectAltName=${['IP:127.0.0.1', 'DNS:localhost', ...(options.dnsNames ?? []).map(n => `DNS:${n}`)].join(',')}`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
  ];
  try {
    await new Promise<void>((resolve, reject) => {
      execFile('openssl', args, { timeout: 20_000 }, err => {
        if (!err) return resolve();
        const enoent = (err as NodeJS.ErrnoException).code === 'ENOENT';
        return reject(
          enoent
            ? new Error('createSelfSignedCert needs the openssl CLI on PATH')
            : err,
        );
      });
    });
    return {
      key: await readFile(keyFile, 'utf8'),
      cert: await readFile(certFile, 'utf8'),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
