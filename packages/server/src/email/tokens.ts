/**
 * The signed tokens of the links in mails: "verify this address" (for one address, a week)
 * and "unsubscribe" (no expiry: a link in an old mail must still work). A token is its
 * payload (base64url JSON) and an HMAC-SHA256 of it with the server's mail secret, so the
 * links work without a login and cannot be made up for someone else's account.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type MailToken =
  | { kind: 'verify'; playerId: string; address: string; expiresAt: number }
  | { kind: 'unsubscribe'; playerId: string };

/** How long a verification link works. */
export const VERIFY_TTL_MS = 7 * 24 * 60 * 60_000;

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

export function signToken(secret: string, token: MailToken): string {
  const payload = Buffer.from(JSON.stringify(token)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The token's payload when its signature holds (and, for a verification, it has not expired). */
export function readToken(secret: string, text: string, now: number): MailToken | null {
  const [payload, signature, extra] = text.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let token: MailToken;
  try {
    token = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as MailToken;
  } catch {
    return null;
  }
  if (typeof token?.playerId !== 'string') return null;
  if (token.kind === 'verify') return token.expiresAt > now ? token : null;
  return token.kind === 'unsubscribe' ? token : null;
}
