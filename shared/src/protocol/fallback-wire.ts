/**
 * The wire of the Supabase realtime fallback (channel `match:<matchId>`), shared by the hub that
 * mirrors to it, the consoles that broadcast on it and the screens that follow it.
 *
 * The channel is public: anyone with the project's anon key can send on it. So every message is
 * signed (docs/decisions/030-signed-fallback.md). A message is `{body, sig, cert?}`: `body` is the
 * JSON text of what it says, `sig` the signature of that text's UTF-8 bytes. The hub signs its
 * mirror with the deployment's fallback key (its public half is in `system.info`); a console signs
 * with a key pair of its own, and carries the hub's certificate for that key (`cert`), which the
 * hub gives only to a controller of the timer and only for a while. Screens drop what does not
 * verify, what is for another match or timer, what comes with an expired certificate, and (as
 * before) what is not newer than what they show.
 *
 * Signatures: ECDSA on P-256 with SHA-256, IEEE P1363 form (r‖s, 64 bytes), base64url. Public
 * keys: the uncompressed point (65 bytes, 0x04‖x‖y), base64url. Both are what WebCrypto's
 * `sign`/`exportKey('raw')` produce in every browser that has WebCrypto.
 */

/** Broadcast event names on a match channel; each message's body says the same `kind`. */
export const FALLBACK_EVENT = {
  /** The hub committed a change. */
  change: 'change',
  /** A console cut off from the hub runs the match locally. */
  consoleState: 'fallback-state',
} as const;

/** How long a console's certificate is valid: the longest hub outage it can bridge after its last renewal. */
export const CONSOLE_CERT_TTL_MS = 60 * 60_000;
/** A console renews its certificate this often while its hub answers (revoked control stops renewals). */
export const CONSOLE_CERT_RENEW_MS = 5 * 60_000;
/** A certificate issued up to this far in the future (clock offsets) is still accepted. */
export const CONSOLE_CERT_SKEW_MS = 60_000;
/** Longest body a screen reads (a full match state with its format is a few kB). */
export const FALLBACK_BODY_MAX_CHARS = 256 * 1024;

/** A signed text: the JSON `body` and its signature. */
export interface SignedText {
  body: string;
  /** base64url IEEE P1363 ECDSA P-256 / SHA-256 signature of the UTF-8 bytes of `body`. */
  sig: string;
}

/** What travels on the channel. `cert` is present on a console's messages. */
export interface FallbackEnvelope extends SignedText {
  cert?: SignedText;
}

/** The body of a console certificate, signed with the hub's fallback key. */
export interface ConsoleCertificateBody {
  kind: 'console-cert';
  timerId: string;
  /** The console's public key: base64url of the uncompressed P-256 point. */
  key: string;
  /** Server ms. */
  issuedAt: number;
  /** Server ms after which screens refuse messages signed with this key. */
  notAfter: number;
}

/** What the hub's fallback configuration tells screens (`system.info.fallback`): public values only. */
export interface FallbackPublicConfig {
  supabaseUrl: string;
  anonKey: string;
  /** The hub's fallback public key (base64url uncompressed P-256 point): screens accept only what it signed or certified. */
  signingKey: string;
}
