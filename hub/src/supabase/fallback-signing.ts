/**
 * The deployment's fallback key: an ECDSA P-256 key pair whose private half only the hubs hold
 * (kept in `app_meta`, the same on every hub of a database), with which the hub signs what it
 * mirrors to the public `match:<id>` channels and certifies the keys of consoles that may control
 * a timer. Screens hold the public half (`system.info.fallback.signingKey`) and drop whatever does
 * not verify. Wire forms in shared/src/protocol/fallback-wire.ts; why this design in
 * docs/decisions/030-signed-fallback.md.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CONSOLE_CERT_TTL_MS, type ConsoleCertificateBody, type SignedText } from '@bianshi/shared';
import { z } from 'zod';
import type { Db } from '../db/database';
import { appMeta } from '../db/schema';
import { HubError } from '../lib/errors';
import { M } from './messages';

const META_KEY = 'fallback-signing-key';
/** Bytes of an uncompressed P-256 point: 0x04, x, y. */
const RAW_POINT_BYTES = 65;

const storedKeySchema = z.object({ privateKey: z.string().min(1), publicKey: z.string().min(1) });

/** The uncompressed point of a P-256 public key, base64url. */
function rawPublicKey(key: KeyObject): string {
  const jwk = key.export({ format: 'jwk' });
  const x = Buffer.from(jwk.x ?? '', 'base64url');
  const y = Buffer.from(jwk.y ?? '', 'base64url');
  return Buffer.concat([Buffer.of(0x04), x, y]).toString('base64url');
}

/**
 * Reads a console's public key (base64url uncompressed P-256 point); null when it is not one,
 * or not a point of the curve.
 */
export function parseConsoleKey(text: string): KeyObject | null {
  const raw = Buffer.from(text, 'base64url');
  if (raw.length !== RAW_POINT_BYTES || raw[0] !== 0x04 || raw.toString('base64url') !== text) return null;
  try {
    return createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
  } catch {
    return null;
  }
}

/** Signs fallback messages and certifies console keys with the deployment's fallback key. */
export class FallbackSigner {
  private constructor(
    private readonly privateKey: KeyObject,
    /** The public half for screens: base64url uncompressed P-256 point. */
    readonly publicKey: string,
  ) {}

  /** A signer with a fresh key (tests, and the first hub to start). */
  static generate(): FallbackSigner {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    return new FallbackSigner(privateKey, rawPublicKey(publicKey));
  }

  /**
   * The signer of this database's deployment: the key kept in `app_meta`, created by the first
   * hub that needs it (every hub then reads the same row, so they sign alike).
   */
  static async load(db: Db): Promise<FallbackSigner> {
    const fresh = FallbackSigner.generate();
    await db.insert(appMeta).values({ key: META_KEY, value: fresh.stored() }).onConflictDoNothing();
    const [row] = await db.select().from(appMeta).where(eq(appMeta.key, META_KEY));
    const stored = storedKeySchema.parse(row?.value);
    const privateKey = createPrivateKey({
      key: Buffer.from(stored.privateKey, 'base64'),
      format: 'der',
      type: 'pkcs8',
    });
    return new FallbackSigner(privateKey, rawPublicKey(createPublicKey(privateKey)));
  }

  /** Signs `value` as JSON text. */
  seal(value: unknown): SignedText {
    const body = JSON.stringify(value);
    return { body, sig: this.signText(body) };
  }

  /**
   * A certificate for a console's own key (base64url uncompressed P-256 point) to sign the
   * fallback broadcasts of `timerId` until `now + CONSOLE_CERT_TTL_MS`. The caller has checked
   * that the console controls the timer; a bad key is refused with a Chinese message.
   */
  certify(
    timerId: string,
    key: string,
    now: number,
  ): { certificate: SignedText; timerId: string; notAfter: number } {
    if (parseConsoleKey(key) === null) throw new HubError('BAD_REQUEST', M.badConsoleKey, 'bad-console-key');
    const body: ConsoleCertificateBody = {
      kind: 'console-cert',
      timerId,
      key,
      issuedAt: now,
      notAfter: now + CONSOLE_CERT_TTL_MS,
    };
    return { certificate: this.seal(body), timerId, notAfter: body.notAfter };
  }

  private signText(body: string): string {
    return sign('sha256', Buffer.from(body, 'utf8'), {
      key: this.privateKey,
      dsaEncoding: 'ieee-p1363',
    }).toString('base64url');
  }

  private stored(): z.infer<typeof storedKeySchema> {
    return {
      privateKey: this.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
      publicKey: this.publicKey,
    };
  }
}
