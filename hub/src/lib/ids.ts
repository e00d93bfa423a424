import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Letters and digits without the ambiguous 0/O, 1/I/L. */
const UNAMBIGUOUS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A random string of `length` characters from `alphabet`, without modulo bias. */
export function randomString(length: number, alphabet: string = UNAMBIGUOUS): string {
  const out: string[] = [];
  const limit = 256 - (256 % alphabet.length);
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && out.length < length) out.push(alphabet[byte % alphabet.length]!);
    }
  }
  return out.join('');
}

/** An opaque url-safe id (96 bits). */
export function newId(): string {
  return randomBytes(12).toString('base64url');
}

/** A short, readable id for links and codes: 8 unambiguous characters, lower-cased. */
export function newShortId(): string {
  return randomString(8).toLowerCase();
}

/** A capability key: 256 random bits, url-safe. */
export function newSecretKey(): string {
  return randomBytes(32).toString('base64url');
}

/** sha256 of a high-entropy key, hex. Keys are random, so no salt or slow hash is needed. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Constant-time comparison of a presented key with a stored hash. */
export function keyMatches(presented: string, storedHash: string): boolean {
  const a = Buffer.from(hashKey(presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
