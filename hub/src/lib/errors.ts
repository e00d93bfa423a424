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

/** A failure with a user-facing zh-CN message and a machine-readable reason. */
export class HubError extends Error {
  override readonly name = 'HubError';
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
