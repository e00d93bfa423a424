import { dateTimeFormat } from '../../i18n';
import { manage as manageText } from '../../i18n/zh-CN/manage';

/** `m:ss` of a duration (negative shows as 0:00). */
export function mmss(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Longest duration a format field takes (the format schema's limit): 24 hours. */
const MAX_FIELD_MS = 24 * 60 * 60 * 1000;

/** Why a typed duration is refused, in zh-CN, beside the field. */
export const DURATION_ERRORS = manageText.timing.durationErrors;

/** A typed duration: its milliseconds, or why it is not one. */
export type ParsedDuration = { ok: true; ms: number } | { ok: false; reason: string };

/**
 * Parses `m:ss`, `h:mm:ss` or plain seconds (a full-width colon too). Refuses with a reason:
 * empty, negative, not a time, a part past 59, over 24 hours, and zero unless `allowZero`.
 */
export function parseDuration(text: string, options: { allowZero?: boolean } = {}): ParsedDuration {
  const trimmed = text.trim().replace(/：/g, ':');
  if (!trimmed) return { ok: false, reason: DURATION_ERRORS.empty };
  if (/^[-−]/.test(trimmed)) return { ok: false, reason: DURATION_ERRORS.negative };
  if (!/^\d{1,6}(:\d{1,2}){0,2}$/.test(trimmed)) return { ok: false, reason: DURATION_ERRORS.shape };
  const parts = trimmed.split(':').map(Number);
  if (parts.slice(1).some((part) => part >= 60)) return { ok: false, reason: DURATION_ERRORS.sixty };
  const ms = parts.reduce((total, part) => total * 60 + part, 0) * 1000;
  if (ms > MAX_FIELD_MS) return { ok: false, reason: DURATION_ERRORS.tooLong };
  if (ms === 0 && options.allowZero === false) return { ok: false, reason: DURATION_ERRORS.zero };
  return { ok: true, ms };
}

/** Parses `m:ss`, `h:mm:ss` or plain seconds into ms; null when it is not a duration. */
export function parseMmss(text: string): number | null {
  const parsed = parseDuration(text);
  return parsed.ok ? parsed.ms : null;
}

/** A server instant in zh-CN, e.g. 2025年1月2日 14:05. */
export function dateTime(ms: number): string {
  return dateTimeFormat.format(new Date(ms));
}
