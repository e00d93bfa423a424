/** Expected failures every input (tRPC, HTTP API) maps to its own wire form. */
export const HUB_ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type HubErrorCode = keyof typeof HUB_ERROR_STATUS;

/**
 * Whom a limit counted a TOO_MANY_REQUESTS refusal against, so that the hub's door can repeat
 * the refusal without the request's whole path until the wait is over (limits/cooling-off.ts):
 * the client address; the session; or the address together with an e-mail (sign-in guesses).
 */
export type RefusedScope =
  | { readonly kind: 'address' }
  | { readonly kind: 'session' }
  | { readonly kind: 'email'; readonly email: string };

/** A failure with a user-facing zh-CN message and a machine-readable reason. */
export class HubError extends Error {
  override readonly name = 'HubError';
  /** For a refusal by a limit: whom it was counted against (see {@link RefusedScope}). */
  scope?: RefusedScope;
  constructor(
    readonly code: HubErrorCode,
    message: string,
    readonly reason?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/**
 * Seconds a client should wait before trying again after a 429 (`Retry-After`): what the
 * failure says (`details.retryAfterMs`), else one second. Every HTTP answer with 429 carries it.
 */
export function retryAfterSeconds(error: HubError): number {
  const ms = error.details?.retryAfterMs;
  return typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / 1000) : 1;
}

/** Marks a limit's refusal with whom it was counted against, and returns it. */
export function refusedFor(error: HubError, scope: RefusedScope): HubError {
  error.scope = scope;
  return error;
}
