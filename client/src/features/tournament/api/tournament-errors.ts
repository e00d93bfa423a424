/** Tournament failures in Chinese: the hub's own (zh-CN) message, else a message for the kind of failure. */
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { toAppError } from '../../../lib/api/errors';

const t = tournamentText.errors;
const CJK = /[\u3400-\u9fff]/;

/** The messages of a zod issue list that tRPC sent as the error message (input validation). */
function issueMessages(message: string): string | null {
  if (!message.startsWith('[')) return null;
  try {
    const issues = JSON.parse(message) as { message?: unknown }[];
    const texts = issues
      .map((issue) => issue.message)
      .filter((text): text is string => typeof text === 'string' && CJK.test(text));
    return texts.length > 0 ? [...new Set(texts)].join('；') : null;
  } catch {
    return null;
  }
}

/** The Chinese message for a failed tournament call. */
export function tournamentErrorMessage(error: unknown): string {
  const appError = toAppError(error);
  const detail = appError.detail ?? '';
  const issues = issueMessages(detail);
  if (issues) return issues;
  if (appError.kind === 'http' && CJK.test(detail)) return detail;
  if (appError.status === 429) return t['rate-limited']!;
  if (appError.kind === 'network') return t.network!;
  return appError.kind === 'http' ? appError.message : t.generic!;
}

/** Whether a failure is the hub's answer (a refusal that retrying will not change), not a lost request. */
export function isRefusal(error: unknown): boolean {
  const appError = toAppError(error);
  return (
    appError.kind === 'http' &&
    appError.status >= 400 &&
    appError.status < 500 &&
    appError.status !== 408 &&
    appError.status !== 429
  );
}
