/**
 * One webhook POST to a pinned address: the connection goes to the address that was checked
 * (`addresses.ts`, `pinTarget`), never to whatever a second DNS lookup would say, while the
 * request keeps the URL's host name in its `Host` header and as the TLS server name (SNI and
 * certificate check), so the receiver sees an ordinary request to its name.
 *
 * Node's own `http`/`https` clients are used with a `lookup` that answers the pinned address:
 * they follow no redirects (a redirect could lead into a private network; it is a failure like
 * any other non-2xx answer), and no extra HTTP client library is needed.
 */
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { PinnedTarget } from './addresses.ts';

/** The answer's status (nobody reads what a receiver says). */
export async function postPinned(
  target: PinnedTarget,
  body: string,
  signal: AbortSignal,
): Promise<number> {
  const { url, host, address } = target;
  // Whatever name the client asks for, the answer is the checked address.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  };
  const options: RequestOptions & { servername?: string } = {
    method: 'POST',
    host,
    port: url.port || undefined,
    path: `${url.pathname}${url.search}`,
    headers: {
      host: url.host,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'user-agent': 'Gangsta-webhooks/1',
    },
    lookup: pinned,
    // Every request opens its own connection: a pooled one might have been made to an address
    // checked under another lookup.
    agent: false,
    signal,
  };
  // SNI takes a host name, never an IP literal (RFC 6066).
  if (url.protocol === 'https:' && !/^[\d.]+$|:/.test(host)) options.servername = host;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    const outgoing = send(options, (response) => {
      // The status is all that counts: the body is drained and dropped, and a receiver that
      // never finishes it is cut off with the connection at the attempt's deadline (`signal`).
      response.on('error', () => {});
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
