/**
 * Which webhook addresses the server will post to: http(s) only, and never into the server's
 * own network (loopback, private, link-local…), or a player could make the server probe
 * machines that the internet cannot reach. Checked when the address is set (its literal host)
 * and again before every delivery (what the name resolves to then).
 * `WEBHOOK_ALLOW_PRIVATE=1` lifts the network rule (tests, a receiver on the same machine).
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { refuse } from '../refusal.ts';

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** Names that always mean this machine or its local network. */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|home\.arpa)$/i;

/** An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) is checked as the IPv4 one. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address;
}

export function isPrivateAddress(address: string): boolean {
  const plain = unmapped(address.replace(/^\[|\]$/g, ''));
  const family = isIP(plain);
  if (family === 0) return false;
  return PRIVATE.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/** The address as it will be stored, or a BAD_WEBHOOK refusal saying what is wrong with it. */
export function checkWebhookUrl(text: string, allowPrivate: boolean): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('BAD_WEBHOOK', 'the webhook is not a valid address');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    refuse('BAD_WEBHOOK', 'a webhook address starts with https:// or http://');
  if (url.username || url.password)
    refuse('BAD_WEBHOOK', 'a webhook address carries no user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (LOCAL_NAMES.test(host) || isPrivateAddress(host)))
    refuse('BAD_WEBHOOK', 'a webhook address must be reachable on the internet, not a private one');
  return url.toString();
}

/**
 * Where the address's host points now (DNS may have changed since it was set): only public
 * addresses, some private one, or nothing (the name does not resolve at the moment).
 */
export async function hostReach(url: string): Promise<'public' | 'private' | 'unresolved'> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (LOCAL_NAMES.test(host)) return 'private';
  if (isIP(host)) return isPrivateAddress(host) ? 'private' : 'public';
  try {
    const addresses = await lookup(host, { all: true });
    if (addresses.length === 0) return 'unresolved';
    return addresses.some((a) => isPrivateAddress(a.address)) ? 'private' : 'public';
  } catch {
    return 'unresolved';
  }
}
