/**
 * Webhook addresses without a server: which hosts are refused (every spelling of this machine,
 * every special range, NAT64, mapped forms), names that resolve inside, the allowance of
 * `WEBHOOK_ALLOW_PRIVATE`, and the delivery pinned to the address that was checked: a resolver
 * whose answer changes after the check cannot send the request anywhere else.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Refusal } from '../src/refusal.ts';
import {
  checkWebhookUrl,
  type HostResolver,
  isPublicAddress,
  parsePrivateAllowance,
  pinTarget,
} from '../src/webhooks/addresses.ts';
import { DELIVERY_TUNING, WebhookQueue } from '../src/webhooks/queue.ts';

/** A resolver that must not be asked (literal addresses need no lookup). */
const noLookup: HostResolver = async (host) => {
  throw new Error(`unexpected lookup of ${host}`);
};

/** A resolver with fixed answers per name; other names do not resolve. */
function fixed(answers: Record<string, string[]>): HostResolver {
  return async (host) => {
    const found = answers[host];
    if (!found) throw new Error(`ENOTFOUND ${host}`);
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

async function refusal(url: string, resolve: HostResolver = noLookup): Promise<string> {
  try {
    await checkWebhookUrl(url, false, resolve);
  } catch (error) {
    if (error instanceof Refusal) return `${error.error.code}: ${error.error.message}`;
    throw error;
  }
  return 'accepted';
}

describe('which addresses are public', () => {
  it('refuses every special range, including NAT64 and the mapped and embedding forms', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1', // CGNAT
      '192.0.0.8',
      '192.0.2.1',
      '198.18.0.1',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '240.0.0.1',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:8.8.8.8', // mapped: refused as a form, whatever it maps to
      '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
      '64:ff9b::808:808', // NAT64 of a public address: still a translator into IPv4
      '64:ff9b:1::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fec0::1',
      'ff02::1',
      '2001:db8::1',
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700::1111', '2a00:1450::1'])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses every spelling of this machine in a webhook address, naming the reason', async () => {
    for (const url of [
      'http://127.0.0.1/hook',
      'http://0x7f.1/hook',
      'http://2130706433/hook',
      'http://127.1/hook',
      'http://0177.0.0.1/hook',
      'http://017700000001/hook',
      'http://127.0.0.1./hook',
      'http://0/hook',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[0:0:0:0:0:ffff:7f00:1]/hook',
      'http://[64:ff9b::127.0.0.1]/hook',
      'http://[::]/hook',
      'http://localhost/hook',
      'http://LOCALHOST./hook',
      'http://printer.local/hook',
      'http://db.internal/hook',
    ])
      expect(await refusal(url), url).toMatch(/^BAD_WEBHOOK: a webhook address must be reachable/);
  });

  it('refuses a name that resolves inside when it is set, and accepts a public one', async () => {
    const dns = fixed({
      'inside.example': ['10.1.2.3'],
      'mixed.example': ['93.184.215.14', '127.0.0.1'],
      'nat64.example': ['64:ff9b::a00:1'],
      'hooks.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    });
    expect(await refusal('https://inside.example/h', dns)).toMatch(/resolves to 10\.1\.2\.3/);
    expect(await refusal('https://mixed.example/h', dns)).toMatch(/resolves to 127\.0\.0\.1/);
    expect(await refusal('https://nat64.example/h', dns)).toMatch(/resolves to 64:ff9b::a00:1/);
    expect(await refusal('https://hooks.example/h', dns)).toBe('accepted');
    // Not resolvable now: accepted, every delivery checks again.
    expect(await refusal('https://not-yet.example/h', dns)).toBe('accepted');
  });

  it('refuses other schemes and credentials in the address', async () => {
    expect(await refusal('ftp://example.com/x')).toMatch(/starts with https:\/\/ or http:\/\//);
    expect(await refusal('https://u:p@example.com/x')).toMatch(/no user name or password/);
    expect(await refusal('not an address')).toMatch(/not a valid address/);
  });

  it('reads WEBHOOK_ALLOW_PRIVATE as all, none or listed networks', async () => {
    expect(parsePrivateAllowance(undefined)).toBe(false);
    expect(parsePrivateAllowance('0')).toBe(false);
    expect(parsePrivateAllowance('1')).toBe(true);
    expect(() => parsePrivateAllowance('10.0.0.0/33')).toThrow(
      /WEBHOOK_ALLOW_PRIVATE.*10\.0\.0\.0\/33/,
    );
    const listed = parsePrivateAllowance('10.1.0.0/16, fd00::/8, 127.0.0.2');
    const at = async (url: string) => {
      const target = await pinTarget(url, listed, noLookup);
      return 'kind' in target ? target.kind : target.address.address;
    };
    expect(await at('http://10.1.200.3/h')).toBe('10.1.200.3');
    expect(await at('http://[fd00::5]/h')).toBe('fd00::5');
    expect(await at('http://127.0.0.2/h')).toBe('127.0.0.2');
    expect(await at('http://127.0.0.3/h')).toBe('refused');
    expect(await at('http://10.2.0.1/h')).toBe('refused');
  });
});

/** An HTTP server on one loopback address that counts what it is sent. */
async function receiver(host: string, port = 0): Promise<{ server: Server; paths: string[] }> {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    paths.push(`${request.headers.host} ${request.url}`);
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return { server, paths };
}

describe('a delivery goes to the address that was checked', () => {
  let good: Awaited<ReturnType<typeof receiver>>;
  let evil: Awaited<ReturnType<typeof receiver>>;
  let port: number;

  beforeAll(async () => {
    good = await receiver('127.0.0.2');
    port = (good.server.address() as AddressInfo).port;
    // The same port on another loopback address: where a rebinding answer would lead.
    evil = await receiver('127.0.0.3', port);
  });

  afterAll(async () => {
    for (const { server } of [good, evil]) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('resolves once per attempt and never follows a changed answer', async () => {
    // The first answer is the allowed receiver; every later one points elsewhere.
    const lookups: string[] = [];
    const rebinding: HostResolver = async (host) => {
      lookups.push(host);
      const address = lookups.length === 1 ? '127.0.0.2' : '127.0.0.3';
      return [{ address, family: 4 }];
    };
    const queue = new WebhookQueue(DELIVERY_TUNING, {
      log: { warn: () => {} } as never,
      failed: () => {},
      allowPrivate: parsePrivateAllowance('127.0.0.2/32'),
      resolve: rebinding,
    });
    const first = await queue.tryOnce(`http://hook.test:${port}/first`, { n: 1 });
    expect(first).toEqual({ delivered: true, status: 204 });
    expect(lookups).toEqual(['hook.test']);
    // The receiver saw its own name in Host, and nothing reached the other address.
    expect(good.paths).toEqual([`hook.test:${port} /first`]);
    expect(evil.paths).toEqual([]);
    // Now the name points at the other address: refused at the check, still nothing sent.
    const second = await queue.tryOnce(`http://hook.test:${port}/second`, { n: 2 });
    expect(second).toEqual({ delivered: false, status: null });
    expect(lookups).toEqual(['hook.test', 'hook.test']);
    expect(evil.paths).toEqual([]);
    queue.close();
  });
});
