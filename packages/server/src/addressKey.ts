/**
 * The key the per-address limits count under. An IPv4 address is itself; an IPv4-mapped IPv6
 * address (`::ffff:10.0.0.1`, what a dual-stack socket reports for an IPv4 client) is the IPv4
 * one, so the same client is not counted under two keys; any other IPv6 address is its /64,
 * because one subscriber usually gets a whole /64 and could otherwise take a fresh address for
 * every request and never meet a limit.
 */
import ipaddr from 'ipaddr.js';

export function addressKey(address: string): string {
  // A zone index (`fe80::1%eth0`) says which interface, not who: it is no part of the key.
  const plain = address.replace(/%.*$/, '');
  if (!ipaddr.isValid(plain)) return address;
  const parsed = ipaddr.process(plain);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const words = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((word) => word.toString(16));
  return `${words.join(':')}::/64`;
}
