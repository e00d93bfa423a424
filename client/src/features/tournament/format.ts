/** Dates and times of the tournament screens, the zh-CN way. */
import { lazyFormat, locale } from '../../i18n/format';

const clockTime = lazyFormat<number>(
  () =>
    new Intl.DateTimeFormat(locale, { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' }),
);
const shortTime = lazyFormat<number>(
  () => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
);

/** e.g. 11月23日 14:05. */
export function formatClockTime(epochMs: number): string {
  return clockTime.format(epochMs);
}

/** e.g. 14:05:09. */
export function formatShortTime(epochMs: number): string {
  return shortTime.format(epochMs);
}

const dateTime = lazyFormat<number>(
  () =>
    new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
);

/** e.g. 2026年11月23日 14:05:09 (records: ballots and result history). */
export function formatDateTime(epochMs: number): string {
  return dateTime.format(epochMs);
}

const SPEAKER_NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八'];

/** A speaker's position as it is said in Chinese debate: 1 → 一 (正方一辩). */
export function speakerNumeral(position: number): string {
  return SPEAKER_NUMERALS[position - 1] ?? String(position);
}
