/** Random identifiers and secrets. Everything a stranger must not guess comes from the OS generator. */
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 128 random bits, base64url: table ids, invitation codes, player ids. */
export function randomId(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

/** A player's secret token: 256 random bits, base64url; only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A game seed for the engine (an unsigned 32-bit integer). */
export function newSeed(): number {
  return randomInt(0, 0x1_0000_0000);
}
