/** Lobby failures in Chinese: the hub's reason mapped to this feature's messages. */
import { lobby as lobbyText } from '../../../i18n/zh-CN/lobby';
import { toAppError } from '../../../lib/api/errors';

const t = lobbyText.errors;

/** The Chinese message for a failed lobby call. */
export function lobbyErrorMessage(error: unknown): string {
  const reason = (error as { data?: { reason?: unknown } } | null)?.data?.reason;
  if (typeof reason === 'string' && t[reason]) return t[reason];
  const appError = toAppError(error);
  if (appError.status === 429) return t['rate-limited']!;
  return appError.kind === 'http' && appError.detail && /[\u3400-\u9fff]/.test(appError.detail)
    ? appError.detail
    : appError.message || t.generic!;
}

/** The hub's reason for a failure, if it sent one. */
export function lobbyErrorReason(error: unknown): string | null {
  const reason = (error as { data?: { reason?: unknown } } | null)?.data?.reason;
  return typeof reason === 'string' ? reason : null;
}
