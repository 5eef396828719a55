import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { request, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlockedAddressError,
  createGuardedDispatcher,
  findBlockedAddressError,
  isPublicAddress,
  resolvePublicAddresses,
  TargetUrlError,
  validateTargetUrl,
  type HostResolver,
} from '#src/common/net/ssrf-guard.js';
import { FixtureSite } from '#test/utils/fixture-site.js';
import { createTestCertificates } from '#test/utils/tls.js';

/** A resolver from a fixed table: tests name hosts without a DNS server. */
function tableResolver(table: Record<string, string[]>): HostResolver {
  return async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    }
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('isPublicAddress', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.255.255',
    '11.0.0.1',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('should accept the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network'],
    ['169.254.169.254', 'metadata'],
    ['168.63.129.16', 'Azure platform (WireServer)'],
    ['169.254.0.1', 'link-local'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.255', 'CGNAT'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['fec0::1', 'site-local'],
    ['2001:db8::1', 'documentation'],
    ['100::1', 'discard'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:0:10.0.0.1', 'SIIT private'],
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2002:a00:1::1', '6to4 of a private address'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['4000::1', 'outside global unicast'],
  ])('should refuse %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['', 'localhost', 'example.com', '999.1.1.1', '1.2.3', '::g', '[::1]', '127.0.0.1:80'])('should refuse %j, which is not an address', (value) => {
    expect(isPublicAddress(value)).toBe(false);
  });
});

describe('resolvePublicAddresses', () => {
  const resolve = tableResolver({
    'public.test': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    'intranet.test': ['10.1.2.3'],
    'mixed.test': ['93.184.216.34', '192.168.0.10'],
  });

  it('should return every address of a public host', async () => {
    await expect(resolvePublicAddresses('public.test', { resolve })).resolves.toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
    ]);
  });

  it('should refuse a host when any one of its addresses is not public', async () => {
    const error = await rejection(resolvePublicAddresses('mixed.test', { resolve }));
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect(error).toMatchObject({ host: 'mixed.test', address: '192.168.0.10', reason: 'blocked_address', code: 'ERR_BLOCKED_ADDRESS' });
  });

  it('should check IP literals without resolving them', async () => {
    await expect(resolvePublicAddresses('[::1]', { resolve })).rejects.toMatchObject({ address: '::1' });
    await expect(resolvePublicAddresses('8.8.8.8', { resolve })).resolves.toEqual([{ address: '8.8.8.8', family: 4 }]);
  });

  it('should allow private addresses when private targets are allowed', async () => {
    await expect(resolvePublicAddresses('intranet.test', { resolve, allowPrivateTargets: true })).resolves.toEqual([{ address: '10.1.2.3', family: 4 }]);
  });
});

describe('validateTargetUrl', () => {
  const resolve = tableResolver({ 'docs.example.test': ['93.184.216.34'], 'intranet.test': ['10.0.0.7'], localhost: ['127.0.0.1', '::1'] });

  it('should accept an http or https URL of a public host', async () => {
    const url = await validateTargetUrl('https://docs.example.test/guide/', { resolve });
    expect(url.href).toBe('https://docs.example.test/guide/');
    await expect(validateTargetUrl('http://docs.example.test', { resolve })).resolves.toBeInstanceOf(URL);
  });

  it.each([
    ['not a url', 'invalid_url'],
    ['/relative/path', 'invalid_url'],
    ['ftp://docs.example.test/file', 'unsupported_scheme'],
    ['file:///etc/passwd', 'unsupported_scheme'],
    ['javascript:alert(1)', 'unsupported_scheme'],
    ['gopher://docs.example.test/', 'unsupported_scheme'],
    ['https://user:secret@docs.example.test/', 'credentials'],
    ['https://user@docs.example.test/', 'credentials'],
    ['https://nowhere.test/', 'unresolvable'],
    ['http://127.0.0.1/', 'blocked_address'],
    ['http://0x7f.1/', 'blocked_address'],
    ['http://2130706433/', 'blocked_address'],
    ['http://[::1]:8080/', 'blocked_address'],
    ['http://[::ffff:127.0.0.1]/', 'blocked_address'],
    ['http://169.254.169.254/latest/meta-data/', 'blocked_address'],
    ['http://[fd00:ec2::254]/', 'blocked_address'],
    ['https://intranet.test/', 'blocked_address'],
    ['http://localhost:3000/', 'blocked_address'],
  ])('should refuse %s (%s)', async (url, reason) => {
    const error = await rejection(validateTargetUrl(url, { resolve }));
    expect(error).toBeInstanceOf(TargetUrlError);
    expect(error).toMatchObject({ reason });
  });

  it('should refuse plain http when https is required', async () => {
    await expect(validateTargetUrl('http://docs.example.test/hook', { resolve, httpsOnly: true })).rejects.toMatchObject({ reason: 'unsupported_scheme' });
    await expect(validateTargetUrl('https://docs.example.test/hook', { resolve, httpsOnly: true })).resolves.toBeInstanceOf(URL);
  });

  it('should accept private hosts when private targets are allowed', async () => {
    await expect(validateTargetUrl('http://localhost:3000/', { resolve, allowPrivateTargets: true })).resolves.toBeInstanceOf(URL);
  });
});

describe('createGuardedDispatcher', () => {
  let site: FixtureSite;
  const dispatchers: Dispatcher[] = [];
  const guarded = (options: Parameters<typeof createGuardedDispatcher>[0]): Dispatcher => {
    const dispatcher = createGuardedDispatcher({ connectTimeoutMs: 2_000, ...options });
    dispatchers.push(dispatcher);
    return dispatcher;
  };
  const resolve = tableResolver({
    'loopback.test': ['127.0.0.1'],
    'intranet.test': ['10.0.0.7'],
    'metadata.test': ['169.254.169.254'],
    'mixed.test': ['127.0.0.1', '10.0.0.7'],
  });

  beforeAll(async () => {
    site = await FixtureSite.start();
    site.html('/', '<p>fixture</p>');
  });

  afterAll(async () => {
    await Promise.all(dispatchers.map((dispatcher) => dispatcher.destroy()));
    await site?.close();
  });

  it.each([
    ['127.0.0.1', () => site.url('/')],
    ['::1', () => `http://[::1]:${site.port}/`],
    ['169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/'],
    ['10.0.0.7', () => `http://intranet.test:${site.port}/`],
    ['169.254.169.254', () => 'http://metadata.test/'],
    ['127.0.0.1', () => site.url('/', 'loopback.test')],
  ])('should refuse to connect to %s when private targets are not allowed', async (address, target) => {
    const before = site.requests.length;
    const error = await rejection(request(target(), { dispatcher: guarded({ resolve }) }));
    const blocked = findBlockedAddressError(error);
    expect(blocked).toBeInstanceOf(BlockedAddressError);
    expect(blocked?.address).toBe(address);
    expect(site.requests.length).toBe(before);
  });

  it('should refuse a host when any one of its addresses is not public', async () => {
    const error = await rejection(request(site.url('/', 'mixed.test'), { dispatcher: guarded({ resolve }) }));
    expect(findBlockedAddressError(error)).toMatchObject({ host: 'mixed.test', address: '127.0.0.1' });
    // The message reaches the customer: it names the host, never what the operator's DNS answered.
    expect(findBlockedAddressError(error)?.message).toBe('mixed.test resolves to an address that is not public');
  });

  it('should connect to loopback when private targets are allowed', async () => {
    for (const target of [site.url('/'), site.url('/', 'loopback.test')]) {
      const response = await request(target, { dispatcher: guarded({ resolve, allowPrivateTargets: true }) });
      expect(response.statusCode).toBe(200);
      expect(await response.body.text()).toBe('<p>fixture</p>');
    }
  });

  it('should connect to the address it checked, not to a later DNS answer', async () => {
    const answers = [['93.184.216.34'], ['127.0.0.1']];
    const rebinding: HostResolver = async () => (answers.shift() ?? ['127.0.0.1']).map((address) => ({ address, family: 4 }));
    await expect(validateTargetUrl(site.url('/', 'rebind.test'), { resolve: rebinding })).resolves.toBeInstanceOf(URL);
    const error = await rejection(request(site.url('/', 'rebind.test'), { dispatcher: guarded({ resolve: rebinding }) }));
    expect(findBlockedAddressError(error)).toMatchObject({ host: 'rebind.test', address: '127.0.0.1' });
    expect(site.requests.filter((recorded) => recorded.headers.host?.startsWith('rebind.test'))).toHaveLength(0);
  });

  it('should trust extra CA certificates and still verify the host name', async () => {
    const certificates = createTestCertificates();
    const server = createHttpsServer({ cert: certificates.cert, key: certificates.key }, (_request, response) => response.end('secure'));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    const tlsResolve = tableResolver({ localhost: ['127.0.0.1'], 'other-name.test': ['127.0.0.1'] });
    try {
      const untrusted = await rejection(request(`https://localhost:${port}/`, { dispatcher: guarded({ resolve: tlsResolve, allowPrivateTargets: true }) }));
      expect(String((untrusted as Error).message)).toMatch(/certificate/i);

      const trusting = guarded({ resolve: tlsResolve, allowPrivateTargets: true, extraCaCertificates: [certificates.ca] });
      const response = await request(`https://localhost:${port}/`, { dispatcher: trusting });
      expect(await response.body.text()).toBe('secure');

      const wrongName = await rejection(request(`https://other-name.test:${port}/`, { dispatcher: trusting }));
      expect(String((wrongName as Error).message)).toMatch(/altnames|certificate/i);
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });
});
