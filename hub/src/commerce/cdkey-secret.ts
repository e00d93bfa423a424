import { createHmac, randomBytes } from 'node:crypto';
import type { CdkeyRepository } from './cdkey.repository';
import type { Logger } from '../lib/logger';

const META_KEY = 'cdkey-secret';

/** Keyed hash of a canonical cdkey (its 21 compact symbols): HMAC-SHA256 with the server secret, hex. */
export type CdkeyHasher = (compact: string) => string;

/**
 * The cdkey HMAC: keyed by CDKEY_SECRET, or, when unset, by a random secret created once and
 * kept in the database (every hub on that database then shares it).
 */
export async function createCdkeyHasher(
  repository: CdkeyRepository,
  configured: string | undefined,
  logger: Logger,
): Promise<CdkeyHasher> {
  let secret = configured;
  if (!secret) {
    secret = String(await repository.keptMeta(META_KEY, randomBytes(32).toString('base64url')));
    logger.info('cdkey secret kept in the database; set CDKEY_SECRET to keep it elsewhere');
  }
  const key = secret;
  return (compact) => createHmac('sha256', key).update(compact).digest('hex');
}
