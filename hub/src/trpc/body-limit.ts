import { TRPC_HTTP_LARGE_BODIES } from '@bianshi/shared';

/** Largest tRPC request body over HTTP (a format import with its settings is far below). */
export const TRPC_HTTP_MAX_BODY_BYTES = 1024 * 1024;

/**
 * The body limit of a tRPC HTTP request to `procedures` (the address's comma-separated paths):
 * a procedure of TRPC_HTTP_LARGE_BODIES alone in its request gets its own, anything else 1 MB.
 * A batch that adds one to other calls does not, or a big body could carry anything.
 */
export function trpcBodyLimit(procedures: string | undefined): number {
  if (!procedures || !Object.hasOwn(TRPC_HTTP_LARGE_BODIES, procedures)) return TRPC_HTTP_MAX_BODY_BYTES;
  return TRPC_HTTP_LARGE_BODIES[procedures]!;
}

/** The refusal of a body over `bytes` (zh-CN). */
export function bodyTooLargeMessage(bytes: number): string {
  return `请求内容过大（上限 ${bodyLimitLabel(bytes)}）`;
}

/** A body limit as the refusal says it: `1 MB`, `9 MB`. */
export function bodyLimitLabel(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb} MB` : `${Math.round(bytes / 1024)} KB`;
}
