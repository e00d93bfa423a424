/**
 * One duration typed into a field (the console's 设定时间, the timing editor's 时长): the forms
 * people type, in ASCII or full width, as `/create` reads them in rules text —
 * `1:30`, `１：３０`, `1:00:00`, `90` (seconds), `3分30秒`, `3分`, `三分半`, `90秒`, `3.5分钟`, `3'30"`.
 * The whole text must be one duration: `3分30秒左右` is refused, not read as 3:30.
 */
import { findDurations } from './duration';
import { normalizeRulesText } from './normalize';

/** Why a typed duration is refused; the client words each in Chinese beside the field. */
export const DURATION_TEXT_ERRORS = ['empty', 'negative', 'shape', 'sixty', 'too-long', 'zero'] as const;
/** One reason a typed duration is refused. */
export type DurationTextError = (typeof DURATION_TEXT_ERRORS)[number];

/** A typed duration: its milliseconds, or why it is not one. */
export type DurationTextResult = { ok: true; ms: number } | { ok: false; reason: DurationTextError };

/** Longest duration a field takes by default: 24 hours (the format schema's limit). */
const DEFAULT_MAX_MS = 24 * 60 * 60 * 1000;

/** `m:ss`, `h:mm:ss` or plain seconds, after normalising. */
const CLOCK_FORM = /^(\d{1,6})(?::(\d{1,2}))?(?::(\d{1,2}))?$/;
/** `3分75秒`, `1:75`: a part past 59 (said as such, not as an unreadable shape). */
const PAST_SIXTY = /^\d+\s*(?:分钟?|:)\s*(\d+)\s*(?:秒钟?)?$/;

/**
 * Reads one typed duration. Options: `allowZero` (default true) refuses 0 when false; `maxMs`
 * (default 24 h) the longest accepted.
 */
export function parseDurationText(
  text: string,
  options: { allowZero?: boolean; maxMs?: number } = {},
): DurationTextResult {
  const normalised = normalizeRulesText(text).trim().replace(/\s+/g, ' ');
  if (!normalised) return { ok: false, reason: 'empty' };
  if (/^[-−－]/.test(normalised)) return { ok: false, reason: 'negative' };
  const ms = readMs(normalised);
  if (ms === null) {
    const past = PAST_SIXTY.exec(normalised);
    return { ok: false, reason: past && Number(past[1]) >= 60 ? 'sixty' : 'shape' };
  }
  if (ms === 'sixty') return { ok: false, reason: 'sixty' };
  if (ms > (options.maxMs ?? DEFAULT_MAX_MS)) return { ok: false, reason: 'too-long' };
  if (ms === 0 && options.allowZero === false) return { ok: false, reason: 'zero' };
  return { ok: true, ms };
}

function readMs(text: string): number | 'sixty' | null {
  const clock = CLOCK_FORM.exec(text);
  if (clock) {
    const parts = [clock[1], clock[2], clock[3]]
      .filter((part): part is string => part !== undefined)
      .map(Number);
    if (parts.slice(1).some((part) => part >= 60)) return 'sixty';
    return parts.reduce((total, part) => total * 60 + part, 0) * 1000;
  }
  // Zero spelled with a unit (0分, 0秒) is a duration; the rules reader skips zeros.
  if (/^0+(?:\.0+)?\s*(?:分钟?|秒钟?|min|s)$/i.test(text)) return 0;
  const found = findDurations(text);
  const only = found[0];
  if (found.length !== 1 || !only || only.index !== 0 || only.length !== text.length) return null;
  return only.ms;
}
