import { createPrivateKey, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { ConfigError } from '#src/config/config-error.js';

/** A setting that names a file or folder the process cannot use. */
class ConfigPathError extends ConfigError {
  constructor(variable: string, message: string) {
    super(`Invalid configuration: ${variable}: ${message}`);
  }
}

/** Each file holds at least one PEM certificate (a CA to trust). */
export function readCertificates(variable: string, paths: readonly string[]): Buffer[] {
  return paths.map((path) => {
    const content = readSetting(variable, path);
    try {
      new X509Certificate(content);
    } catch {
      throw new ConfigPathError(variable, `${path} holds no PEM certificate`);
    }
    return content;
  });
}

/** The service's own certificate and its private key, read once, for the HTTPS server. */
export function readTlsFiles(certPath: string, keyPath: string): { cert: Buffer; key: Buffer } {
  const cert = readSetting('TLS_CERT', certPath);
  const key = readSetting('TLS_KEY', keyPath);
  try {
    new X509Certificate(cert);
  } catch {
    throw new ConfigPathError('TLS_CERT', `${certPath} holds no PEM certificate`);
  }
  try {
    createPrivateKey(key);
  } catch {
    throw new ConfigPathError('TLS_KEY', `${keyPath} holds no PEM private key`);
  }
  return { cert, key };
}

/** A folder the process creates if it is missing: something else at that path is refused now, not at first use. */
export function checkFolder(variable: string, path: string): void {
  try {
    if (!statSync(path).isDirectory()) {
      throw new ConfigPathError(variable, `${path} is not a folder`);
    }
  } catch (error) {
    if (error instanceof ConfigPathError) {
      throw error;
    }
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ConfigPathError(variable, `${path} cannot be used as a folder (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`);
    }
  }
}

/** A build of the web console named by the operator: a folder with its page, not a path to find missing at the first visit. */
export function checkWebBuild(variable: string, path: string): void {
  if (!existsSync(join(path, 'index.html'))) {
    throw new ConfigPathError(variable, `${path} holds no build of the web console (no index.html): build it with npm run build, or unset ${variable}`);
  }
}

function readSetting(variable: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new ConfigPathError(variable, `cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`);
  }
}
