import { parseDurationText, type DurationTextError } from '@bianshi/shared';
import { duration as durationText } from '../i18n/zh-CN/duration';

/** A typed duration: its milliseconds, or why it is not one (a machine reason and its Chinese words). */
export type TypedDuration = { ok: true; ms: number } | { ok: false; code: DurationTextError; reason: string };

/**
 * Reads a typed duration as `/create` reads rules text (shared `parseDurationText`): `m:ss`,
 * `h:mm:ss`, plain seconds, full-width digits and colons, 3分30秒, 三分半, 90秒. Refuses with a
 * reason in Chinese: empty, negative, not a time, a part past 59, over `maxMs` (24 hours), and zero
 * unless `allowZero`.
 */
export function parseTypedDuration(
  text: string,
  options: { allowZero?: boolean; maxMs?: number } = {},
): TypedDuration {
  const parsed = parseDurationText(text, options);
  return parsed.ok ? parsed : { ok: false, code: parsed.reason, reason: durationText.errors[parsed.reason] };
}

/** What a duration field may hold, said under it or as its title. */
export const DURATION_HINT = durationText.hint;
