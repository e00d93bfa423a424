import { dateTimeFormat } from '../../i18n';
import { duration as durationText } from '../../i18n/zh-CN/duration';
import { parseTypedDuration, type TypedDuration } from '../../lib/typed-duration';

/** `m:ss` of a duration (negative shows as 0:00). */
export function mmss(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Why a typed duration is refused, in zh-CN, beside the field. */
export const DURATION_ERRORS = durationText.errors;

/** A typed duration: its milliseconds, or why it is not one. */
export type ParsedDuration = TypedDuration;

/** Reads a typed duration (see `parseTypedDuration`: 3:30, 90, １:３０, 3分30秒 …). */
export const parseDuration = parseTypedDuration;

/** A server instant in zh-CN, e.g. 2025年1月2日 14:05. */
export function dateTime(ms: number): string {
  return dateTimeFormat.format(new Date(ms));
}
