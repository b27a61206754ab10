/**
 * Password hashes: scrypt from node:crypto, run on libuv's thread pool (the callback form) so
 * the event loop never waits for it, with a random salt. The parameters are stored with the
 * hash (`scrypt$N$r$p$salt$hash`), so they can be raised later without breaking old hashes.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** 2^15 × 8 × 128 bytes = 32 MiB and about 0.1 s per hash on this machine's cores. */
const PARAMETERS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const N = options.N ?? PARAMETERS.N;
  const r = options.r ?? PARAMETERS.r;
  // Room for the parameters above (Node's default limit is exactly 32 MiB, too tight).
  const maxmem = 256 * N * r;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, PARAMETERS);
  const { N, r, p } = PARAMETERS;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Whether the password gives the stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, nText, rText, pText, saltText, keyText, ...extra] = stored.split('$');
  if (scheme !== 'scrypt' || saltText === undefined || keyText === undefined || extra.length > 0)
    return false;
  const [N, r, p] = [Number(nText), Number(rText), Number(pText)];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const salt = Buffer.from(saltText, 'base64url');
  const expected = Buffer.from(keyText, 'base64url');
  const key = await derive(password, salt, { N, r, p });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a password nobody knows: a login for an unknown username costs the same time. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
