/**
 * Signatures of the Supabase realtime fallback, over the browser's own WebCrypto (no library):
 * screens verify what arrives on the public `match:<id>` channel against the hub's fallback key
 * (`FallbackVerifier`); a console signs its broadcasts with a key pair of its own that the hub
 * certified (`ConsoleSigningKey`). Wire forms and rules in shared/src/protocol/fallback-wire.ts,
 * design in docs/decisions/030-signed-fallback.md.
 *
 * ECDSA P-256 / SHA-256 rather than Ed25519: every browser with WebCrypto has it (Ed25519 came to
 * Chromium only in 2025), and the projectors of a venue are not all new. WebCrypto exists only in
 * secure contexts (https, localhost): elsewhere `signaturesSupported()` is false and a screen
 * does not follow the channel at all, rather than believe what it cannot check. Screens load this
 * module with supabase-js (fallback-channel.ts), not in their first download.
 */
import {
  CONSOLE_CERT_SKEW_MS,
  FALLBACK_BODY_MAX_CHARS,
  FALLBACK_EVENT,
  type ConsoleCertificateBody,
  type FallbackEnvelope,
  type SignedText,
} from '@bianshi/shared';
import { parseFallbackMessage, signaturesSupported, type FallbackMessage } from './fallback';

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNATURE = { name: 'ECDSA', hash: 'SHA-256' } as const;
/** Certificates remembered per page (a match has one or two consoles). */
const CERT_MEMORY = 16;

function toBase64url(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Imports a public key given as base64url uncompressed P-256 point; null when it is not one. */
async function importPublicKey(raw: string): Promise<CryptoKey | null> {
  const bytes = fromBase64url(raw);
  if (!bytes) return null;
  return crypto.subtle.importKey('raw', bytes, ALGORITHM, false, ['verify']).catch(() => null);
}

/** Whether `signed.sig` is `key`'s signature of `signed.body`. */
async function verifies(key: CryptoKey, signed: SignedText): Promise<boolean> {
  const signature = fromBase64url(signed.sig);
  if (!signature) return false;
  return crypto.subtle
    .verify(SIGNATURE, key, signature, new TextEncoder().encode(signed.body))
    .catch(() => false);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function isSignedText(value: unknown): value is SignedText {
  return (
    isRecord(value) &&
    typeof value['body'] === 'string' &&
    typeof value['sig'] === 'string' &&
    value['body'].length <= FALLBACK_BODY_MAX_CHARS
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function isCertificateBody(value: unknown): value is ConsoleCertificateBody {
  return (
    isRecord(value) &&
    value['kind'] === 'console-cert' &&
    typeof value['timerId'] === 'string' &&
    typeof value['key'] === 'string' &&
    typeof value['issuedAt'] === 'number' &&
    typeof value['notAfter'] === 'number'
  );
}

/** What a screen expects of a message: its match, its timer (null before the first snapshot) and its server time. */
export interface FallbackExpectation {
  matchId: string;
  timerId: string | null;
  now: number;
}

/** A verified certificate: what it says, and the console key it vouches for. */
interface Certified {
  body: ConsoleCertificateBody;
  key: CryptoKey;
}

/**
 * Opens messages of a match's fallback channel for a screen: a hub change must carry the hub's
 * signature; a console's state the signature of a console key with the hub's certificate for
 * this timer, not expired. Anything else, and anything for another match, is dropped (null).
 * Versions are checked afterwards, by the store (not newer: dropped).
 */
export class FallbackVerifier {
  private readonly hubKey: Promise<CryptoKey | null>;
  private readonly certificates = new Map<string, Promise<Certified | null>>();

  /** `signingKey`: the hub's fallback public key from `system.info.fallback`. */
  constructor(signingKey: string) {
    this.hubKey = signaturesSupported() ? importPublicKey(signingKey) : Promise.resolve(null);
  }

  /** The message if it verifies and is for `expected`'s match and timer; null otherwise. */
  async open(
    event: string,
    payload: unknown,
    expected: FallbackExpectation,
  ): Promise<FallbackMessage | null> {
    if (!isSignedText(payload)) return null;
    const envelope = payload as FallbackEnvelope;
    let signer: CryptoKey | null;
    let certified: Certified | null = null;
    if (event === FALLBACK_EVENT.change) {
      signer = await this.hubKey;
    } else if (event === FALLBACK_EVENT.consoleState) {
      certified = isSignedText(envelope.cert) ? await this.certificate(envelope.cert) : null;
      if (!certified || !this.currentFor(certified.body, expected)) return null;
      signer = certified.key;
    } else {
      return null;
    }
    if (!signer || !(await verifies(signer, envelope))) return null;
    const body = parseJson(envelope.body);
    // The body says what it is and where it belongs: a signed message moved to another event or match is not believed.
    if (!isRecord(body) || body['kind'] !== event || body['matchId'] !== expected.matchId) return null;
    if (certified && body['timerId'] !== certified.body.timerId) return null;
    return parseFallbackMessage(expected.matchId, event, body);
  }

  /** A certificate the hub signed, with its key imported (remembered by body and signature both: an edited body must be checked anew). */
  private certificate(cert: SignedText): Promise<Certified | null> {
    const id = `${cert.sig}|${cert.body}`;
    let known = this.certificates.get(id);
    if (!known) {
      known = this.checkCertificate(cert);
      this.certificates.set(id, known);
      if (this.certificates.size > CERT_MEMORY)
        this.certificates.delete(this.certificates.keys().next().value as string);
    }
    return known;
  }

  private async checkCertificate(cert: SignedText): Promise<Certified | null> {
    const hubKey = await this.hubKey;
    if (!hubKey || !(await verifies(hubKey, cert))) return null;
    const body = parseJson(cert.body);
    if (!isCertificateBody(body)) return null;
    const key = await importPublicKey(body.key);
    return key ? { body, key } : null;
  }

  private currentFor(cert: ConsoleCertificateBody, expected: FallbackExpectation): boolean {
    return (
      cert.timerId === expected.timerId &&
      expected.now <= cert.notAfter &&
      cert.issuedAt <= expected.now + CONSOLE_CERT_SKEW_MS
    );
  }
}

/**
 * A console's own signing key for its fallback broadcasts: generated in the page (the private
 * half cannot be exported), certified by the hub for one timer (`fallback.certificate`).
 */
export class ConsoleSigningKey {
  private constructor(
    private readonly pair: CryptoKeyPair,
    /** The public half as the hub certifies it: base64url uncompressed P-256 point. */
    readonly publicKey: string,
  ) {}

  /** A fresh key pair; null where WebCrypto is missing (insecure context). */
  static async generate(): Promise<ConsoleSigningKey | null> {
    if (!signaturesSupported()) return null;
    try {
      const pair = await crypto.subtle.generateKey(ALGORITHM, false, ['sign', 'verify']);
      return new ConsoleSigningKey(pair, toBase64url(await crypto.subtle.exportKey('raw', pair.publicKey)));
    } catch {
      return null;
    }
  }

  /** `value` as a channel message: its JSON text, signed, with the hub's certificate of this key. */
  async seal(value: unknown, cert: SignedText): Promise<FallbackEnvelope> {
    const body = JSON.stringify(value);
    const sig = toBase64url(
      await crypto.subtle.sign(SIGNATURE, this.pair.privateKey, new TextEncoder().encode(body)),
    );
    return { body, sig, cert };
  }
}
