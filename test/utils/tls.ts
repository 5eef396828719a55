import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificates {
  dir: string;
  caCertPath: string;
  certPath: string;
  keyPath: string;
  ca: Buffer;
  cert: Buffer;
  key: Buffer;
}

/** A throw-away certificate authority and a server certificate it signed, for localhost and 127.0.0.1. */
export function createTestCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'aqs-tls-'));
  const path = (name: string): string => join(dir, name);
  const openssl = (...args: string[]): void => void execFileSync('openssl', args, { stdio: 'pipe' });

  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=AQS Test CA', '-keyout', path('ca.key'), '-out', path('ca.crt'));
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', path('server.key'), '-out', path('server.csr'));
  writeFileSync(path('server.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  openssl(
    'x509',
    '-req',
    '-in',
    path('server.csr'),
    '-CA',
    path('ca.crt'),
    '-CAkey',
    path('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    path('server.ext'),
    '-out',
    path('server.crt'),
  );

  return {
    dir,
    caCertPath: path('ca.crt'),
    certPath: path('server.crt'),
    keyPath: path('server.key'),
    ca: readFileSync(path('ca.crt')),
    cert: readFileSync(path('server.crt')),
    key: readFileSync(path('server.key')),
  };
}

/** A self-signed certificate for localhost and 127.0.0.1, which no verifying client should accept. */
export function createSelfSignedCertificate(): { cert: Buffer; key: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'aqs-tls-self-'));
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'].concat([
      '-keyout',
      join(dir, 'self.key'),
      '-out',
      join(dir, 'self.crt'),
    ]),
    { stdio: 'pipe' },
  );
  return { cert: readFileSync(join(dir, 'self.crt')), key: readFileSync(join(dir, 'self.key')) };
}
