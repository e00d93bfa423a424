import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';

/** The facts the hub takes from a verified Supabase access token. */
export interface SupabaseIdentity {
  /** Supabase user id (`sub`). */
  sub: string;
  email: string;
  /** Whether Supabase has confirmed the email (only then may it link to an existing account). */
  emailVerified: boolean;
}

/** Accepted signing algorithms: the project secret (HS256) or Supabase's asymmetric keys. */
const ASYMMETRIC = ['ES256', 'RS256', 'EdDSA'] as const;
/** Small leeway for clocks that disagree about `exp`/`nbf`. */
const CLOCK_TOLERANCE_S = 5;

/**
 * Verifies Supabase Auth access tokens the way Supabase documents it: the signature against the
 * project's JWKS (`<url>/auth/v1/.well-known/jwks.json`) or, for HS256, the project JWT secret;
 * then `iss` = `<url>/auth/v1`, `aud` = `authenticated`, `exp`, and a non-anonymous user with an email.
 */
export class SupabaseVerifier {
  readonly issuer: string;
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;
  private readonly secret: Uint8Array | null;

  constructor(supabaseUrl: string, jwtSecret: string | undefined) {
    const base = supabaseUrl.replace(/\/+$/, '');
    this.issuer = `${base}/auth/v1`;
    this.jwks = createRemoteJWKSet(new URL(`${this.issuer}/.well-known/jwks.json`), {
      cooldownDuration: 30_000,
      cacheMaxAge: 600_000,
    });
    this.secret = jwtSecret ? new TextEncoder().encode(jwtSecret) : null;
  }

  /** The identity in a valid token, or null for anything invalid, expired or foreign. */
  async verify(token: string): Promise<SupabaseIdentity | null> {
    try {
      const { alg } = decodeProtectedHeader(token);
      const options = {
        issuer: this.issuer,
        audience: 'authenticated',
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['exp', 'sub'],
      };
      let payload: JWTPayload;
      if (alg === 'HS256') {
        if (!this.secret) return null;
        ({ payload } = await jwtVerify(token, this.secret, { ...options, algorithms: ['HS256'] }));
      } else {
        ({ payload } = await jwtVerify(token, this.jwks, { ...options, algorithms: [...ASYMMETRIC] }));
      }
      return identityOf(payload);
    } catch {
      return null;
    }
  }
}

function identityOf(payload: JWTPayload): SupabaseIdentity | null {
  const email = typeof payload['email'] === 'string' ? payload['email'].trim().toLowerCase() : '';
  if (!payload.sub || !email || payload['is_anonymous'] === true || payload['role'] !== 'authenticated')
    return null;
  const metadata = payload['user_metadata'];
  const emailVerified =
    typeof metadata === 'object' &&
    metadata !== null &&
    (metadata as Record<string, unknown>)['email_verified'] === true;
  return { sub: payload.sub, email, emailVerified };
}
