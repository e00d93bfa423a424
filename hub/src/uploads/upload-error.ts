/** An expected upload failure: an HTTP status, a zh-CN message and a machine-readable reason. */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 413 | 415 | 429 | 503,
    message: string,
    readonly reason: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}
