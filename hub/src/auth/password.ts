import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt cost: N=2^15, r=8, p=1 (32 MiB, tens of ms). Below OWASP's 2^17 so a small hub stays
 * responsive; every stored hash carries its parameters, so they can be raised later.
 */
const PARAMS = { N: 32_768, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** scrypt needs 128·N·r bytes; leave head-room. */
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
  length: number,
): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: MAX_MEMORY };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password with scrypt and a per-user random salt: `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, PARAMS, KEY_BYTES);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

/** A valid hash of a random password, so that unknown emails cost as much time as wrong passwords. */
let decoy: Promise<string> | undefined;

/**
 * Whether `password` matches a stored hash, in constant time. With no stored hash it still
 * spends one scrypt on a decoy, so response times do not reveal which emails exist.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  const parts = (stored ?? (await decoy)).split('$');
  const [scheme, n, r, p, salt, hash] = parts;
  if (parts.length !== 6 || scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Number.isInteger(params.N) || !Number.isInteger(params.r) || !Number.isInteger(params.p)) return false;
  const actual = await derive(password, Buffer.from(salt, 'base64url'), params, expected.length);
  return stored !== null && stored !== undefined && timingSafeEqual(expected, actual);
}
