/**
 * How a clock's time is written on screen and read out to assistive technology.
 * Count-down: whole seconds rounded up (03:30 until a full second has passed), tenths in the
 * last 10 s (`09.9`); past zero: `+00:12`; count-up: whole seconds elapsed.
 */
import { display as displayText } from '../../i18n/zh-CN/display';

const t = displayText.clock;

/** What a clock shows: the quantity and its unit. */
export type ClockTextMode = 'seconds' | 'tenths' | 'overtime' | 'up';

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** `mm:ss`, or `h:mm:ss` from an hour on. */
export function formatSeconds(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  return hours > 0 ? `${hours}:${pad2(minutes)}:${pad2(seconds)}` : `${pad2(minutes)}:${pad2(seconds)}`;
}

/**
 * The shown value of a clock as an integer in its mode's unit: seconds (rounded up) for a
 * count-down, tenths (rounded up) in the tenths window, whole seconds past zero or elapsed.
 */
export function shownValue(mode: ClockTextMode, ms: number): number {
  switch (mode) {
    case 'seconds':
      return Math.ceil(Math.max(0, ms) / 1000);
    case 'tenths':
      return Math.ceil(Math.max(0, ms) / 100);
    case 'overtime':
    case 'up':
      return Math.floor(Math.max(0, ms) / 1000);
  }
}

/** The clock text for a value from {@link shownValue}: `03:29`, `09.9`, `+00:12`. */
export function formatShown(mode: ClockTextMode, value: number): string {
  switch (mode) {
    case 'seconds':
    case 'up':
      return formatSeconds(value);
    case 'tenths':
      return `${pad2(Math.floor(value / 10))}.${value % 10}`;
    case 'overtime':
      return `+${formatSeconds(value)}`;
  }
}

/** `3分29秒`, `29秒`, `1小时2分3秒`. */
export function spokenDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  if (hours > 0) return `${hours}${t.hours}${minutes}${t.minutes}${seconds}${t.seconds}`;
  if (minutes > 0) return `${minutes}${t.minutes}${seconds}${t.seconds}`;
  return `${seconds}${t.seconds}`;
}

/** The clock's accessible label: `正方 剩余 3分29秒`, `反方 超时 12秒`, `已用 1分5秒`. */
export function clockAriaLabel(sideLabel: string | null, mode: ClockTextMode, value: number): string {
  const seconds = mode === 'tenths' ? Math.ceil(value / 10) : value;
  const kind = mode === 'overtime' ? t.overtime : mode === 'up' ? t.elapsed : t.remaining;
  return `${sideLabel ? `${sideLabel} ` : ''}${kind} ${spokenDuration(seconds)}`;
}
