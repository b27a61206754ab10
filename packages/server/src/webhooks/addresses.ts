/**
 * Which webhook addresses the server will post to: http(s) only, and never into the server's
 * own network (loopback, private, link-local, unique-local, CGNAT, multicast, NAT64…), or a
 * player could make the server probe machines that the internet cannot reach.
 *
 * An address is public only when `ipaddr.js` classifies it as plain `unicast`: every special
 * range it knows (loopback, private, linkLocal, uniqueLocal, carrierGradeNat, multicast,
 * unspecified, broadcast, reserved, ipv4Mapped, rfc6052 = NAT64 64:ff9b::/96, 6to4, teredo…)
 * is refused, so a range added to that list is refused without a change here. The other
 * spellings of an IPv4 address (`0x7f.1`, `2130706433`, `127.1`, `017700000001`) are turned
 * into the dotted form by the WHATWG URL parser before any check, exactly as an HTTP client
 * would read them, and an IPv4-mapped IPv6 address (`[::ffff:127.0.0.1]`) is refused as such.
 *
 * Checked when the address is set (its literal host, and what the name resolves to then) and
 * again at every delivery attempt, where the host is resolved once and the connection goes to
 * that checked address (`delivery.ts`), so a DNS answer that changes in between (rebinding)
 * cannot lead the request anywhere else.
 *
 * `WEBHOOK_ALLOW_PRIVATE` lifts the network rule: `1` for every address (tests, a receiver on
 * the same machine), or a list of networks (`10.1.2.0/24,fd00::/8`) that may be reached.
 */
import { lookup, Resolver } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { refuse } from '../refusal.ts';

/** Which non-public networks webhooks may reach anyway: all of them, or those listed. */
export type PrivateAllowance = boolean | readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];

/** Reads `WEBHOOK_ALLOW_PRIVATE`: `1` (all), unset or `0` (none), or CIDR ranges. */
export function parsePrivateAllowance(text: string | undefined): PrivateAllowance {
  if (text === undefined || text === '' || text === '0') return false;
  if (text === '1') return true;
  return text.split(',').map((part) => {
    const cidr = part.trim();
    try {
      return ipaddr.parseCIDR(
        cidr.includes('/') ? cidr : `${cidr}/${cidr.includes(':') ? 128 : 32}`,
      );
    } catch {
      throw new Error(
        `WEBHOOK_ALLOW_PRIVATE must be 1, 0 or a comma-separated list of networks (CIDR), not "${cidr}"`,
      );
    }
  });
}

/** Names that always mean this machine or its local network, whatever DNS says. */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|home\.arpa|localdomain)$/i;

/** The host of a URL without IPv6 brackets or the trailing dot of a fully qualified name. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

/** Whether an IP address is an ordinary public unicast one (false for anything else). */
export function isPublicAddress(address: string): boolean {
  const plain = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(plain)) return false;
  return ipaddr.parse(plain).range() === 'unicast';
}

/** Whether an IP address lies in a special (non-public) range. Kept for its callers' wording. */
export function isPrivateAddress(address: string): boolean {
  return !isPublicAddress(address);
}

/** Whether webhooks may post to this IP address under the allowance. */
export function addressAllowed(address: string, allowance: PrivateAllowance): boolean {
  if (allowance === true || isPublicAddress(address)) return true;
  if (allowance === false || !ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return allowance.some(
    ([network, bits]) => parsed.kind() === network.kind() && parsed.match(network, bits),
  );
}

/** One resolved address of a webhook host, as `dns.lookup` gives it. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses; throws when it does not resolve. */
export type HostResolver = (host: string) => Promise<ResolvedAddress[]>;

/**
 * The resolver of webhook hosts: the system's (`dns.lookup`, which also reads /etc/hosts), or
 * the DNS servers of `WEBHOOK_DNS_SERVERS` (`1.1.1.1,[2606:4700::1111]:53`, `host:port`).
 */
export function hostResolver(servers: string[] | null): HostResolver {
  if (!servers || servers.length === 0) {
    return async (host) =>
      (await lookup(host, { all: true, verbatim: true })).map((entry) => ({
        address: entry.address,
        family: entry.family === 6 ? 6 : 4,
      }));
  }
  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  try {
    resolver.setServers(servers);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(
      `WEBHOOK_DNS_SERVERS must list ip or ip:port, not "${servers.join(',')}" (${why})`,
    );
  }
  return async (host) => {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
    const found: ResolvedAddress[] = [
      ...(v4.status === 'fulfilled'
        ? v4.value.map((address) => ({ address, family: 4 as const }))
        : []),
      ...(v6.status === 'fulfilled'
        ? v6.value.map((address) => ({ address, family: 6 as const }))
        : []),
    ];
    if (found.length > 0) return found;
    const reason = v4.status === 'rejected' ? v4.reason : null;
    throw reason instanceof Error ? reason : new Error(`${host} has no address`);
  };
}

/** Where a delivery goes: the URL (its Host header and TLS name) and the checked address. */
export interface PinnedTarget {
  url: URL;
  host: string;
  address: ResolvedAddress;
}

/** Why an address cannot be posted to now: refused for good, or unresolved for the moment. */
export type Unreachable = { kind: 'refused' | 'unresolved'; why: string };

/**
 * Resolves the webhook's host once and checks every address it has: one non-public address
 * refuses the whole name (a name pointing partly inside is not trusted), otherwise the first
 * address is the one the connection will use.
 */
export async function pinTarget(
  text: string,
  allowance: PrivateAllowance,
  resolve: HostResolver,
): Promise<PinnedTarget | Unreachable> {
  const url = new URL(text);
  const host = bareHost(url);
  if (allowance === false && LOCAL_NAMES.test(host))
    return { kind: 'refused', why: `${host} names this machine or its local network` };
  if (ipaddr.isValid(host)) {
    if (!addressAllowed(host, allowance))
      return { kind: 'refused', why: `${host} is not a public address` };
    return { url, host, address: { address: host, family: host.includes(':') ? 6 : 4 } };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(host);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { kind: 'unresolved', why: `${host} does not resolve (${why})` };
  }
  const [first] = addresses;
  if (!first) return { kind: 'unresolved', why: `${host} has no address` };
  const inside = addresses.find((entry) => !addressAllowed(entry.address, allowance));
  if (inside)
    return { kind: 'refused', why: `${host} resolves to ${inside.address}, not a public address` };
  return { url, host, address: first };
}

/** How long setting an address waits for its name to resolve before accepting it unresolved. */
const SET_LOOKUP_MS = 3000;

/**
 * A resolver that gives up after `ms` (as "does not resolve"): a player setting an address
 * must not wait on a DNS server that never answers; the delivery checks again anyway.
 */
function withDeadline(resolve: HostResolver, ms: number): HostResolver {
  return (host) =>
    new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`no DNS answer within ${ms} ms`)), ms);
      timer.unref();
      resolve(host).then(
        (found) => {
          clearTimeout(timer);
          done(found);
        },
        (error) => {
          clearTimeout(timer);
          fail(error);
        },
      );
    });
}

/**
 * The address as it will be stored, or a BAD_WEBHOOK refusal saying what is wrong with it: the
 * scheme, credentials in it, and the network rule for its literal host and, when the name
 * resolves now, for its addresses (a name that does not resolve yet is accepted: every
 * delivery checks again).
 */
export async function checkWebhookUrl(
  text: string,
  allowance: PrivateAllowance,
  resolve: HostResolver,
): Promise<string> {
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
  const target = await pinTarget(url.toString(), allowance, withDeadline(resolve, SET_LOOKUP_MS));
  if ('kind' in target && target.kind === 'refused')
    refuse(
      'BAD_WEBHOOK',
      `a webhook address must be reachable on the internet, not a private one: ${target.why}`,
      { host: bareHost(url) },
    );
  return url.toString();
}
