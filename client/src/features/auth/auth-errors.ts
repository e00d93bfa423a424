import { TRPCClientError } from '@trpc/client';
import { auth as authText } from '../../i18n/zh-CN/auth';
import { toAppError } from '../../lib/api/errors';

const CJK = /[\u4e00-\u9fa5]/;

/** Supabase Auth (GoTrue) error codes and messages, in Chinese. */
const SUPABASE_MESSAGES: [RegExp, string][] = [
  [/invalid login credentials|invalid_credentials/i, '邮箱或密码错误'],
  [/already registered|user_already_exists/i, '这个邮箱已经注册，请直接登录'],
  [/email not confirmed|email_not_confirmed/i, '邮箱尚未确认，请先打开确认邮件中的链接'],
  [/rate limit|too many/i, '操作过于频繁，请稍后再试'],
  [/password should be|weak_password/i, '密码强度不足，请换一个更长的密码'],
  [/expired|invalid.*(otp|token|code)|otp_expired|flow_state/i, '登录链接无效或已过期，请重新获取'],
];

/**
 * The Chinese message to show for a failed sign-in step: the hub's own message (already
 * Chinese and user-facing), a translated Supabase error, or a message by HTTP status.
 */
export function authErrorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    const message = error.message;
    if (CJK.test(message) && !/^[[{]/.test(message.trim())) return message;
  }
  const text = error instanceof Error ? `${error.message} ${(error as { code?: unknown }).code ?? ''}` : '';
  const known = SUPABASE_MESSAGES.find(([pattern]) => pattern.test(text));
  if (known) return known[1];
  const appError = toAppError(error);
  return appError.kind === 'unknown' ? authText.login.errors.generic : appError.message;
}

/** What the hub said beyond the message: the machine `reason`, the field, and how long to wait. */
export function authErrorFacts(error: unknown): {
  reason: string | null;
  field: string | null;
  retryAfterMs: number | null;
} {
  const data =
    error instanceof TRPCClientError
      ? (error.data as { reason?: unknown; details?: unknown } | undefined)
      : undefined;
  const details =
    data?.details !== null && typeof data?.details === 'object'
      ? (data.details as Record<string, unknown>)
      : {};
  return {
    reason: typeof data?.reason === 'string' ? data.reason : null,
    field: typeof details['field'] === 'string' ? details['field'] : null,
    retryAfterMs: typeof details['retryAfterMs'] === 'number' ? details['retryAfterMs'] : null,
  };
}
