/**
 * Tolerant readers for what a timer's settings hold (written by the management pages, read by
 * every screen): a value of the wrong shape reads as `undefined`, never an error. Hand-written
 * instead of zod so the projector display does not download a schema library to read six fields.
 */

/** Web addresses a screen may load: http(s) or same-origin paths, without quotes, spaces or parentheses. */
export const SAFE_URL = /^(https?:\/\/|\/)[^\s"'()\\]*$/;

/** A non-null object that is not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string of at most `max` characters (after trimming, when asked) matching `pattern`; else undefined. */
export function readString(
  value: unknown,
  max: number,
  options: { trim?: boolean; pattern?: RegExp } = {},
): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = options.trim ? value.trim() : value;
  if (text.length > max || (options.pattern && !options.pattern.test(text))) return undefined;
  return text;
}

/** A finite number within [min, max]; else undefined. */
export function readNumber(value: unknown, min: number, max: number): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max
    ? value
    : undefined;
}
