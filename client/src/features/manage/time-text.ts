import { dateTimeFormat } from '../../i18n';

/** `m:ss` of a duration (negative shows as 0:00). */
export function mmss(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Parses `m:ss`, `h:mm:ss` or plain seconds into ms; null when it is not a duration. */
export function parseMmss(text: string): number | null {
  const trimmed = text.trim().replace('：', ':');
  if (!/^\d{1,3}(:\d{1,2}){0,2}$/.test(trimmed)) return null;
  const parts = trimmed.split(':').map(Number);
  if (parts.slice(1).some((part) => part >= 60)) return null;
  const seconds = parts.reduce((total, part) => total * 60 + part, 0);
  return seconds * 1000;
}

/** A server instant in zh-CN, e.g. 2025年1月2日 14:05. */
export function dateTime(ms: number): string {
  return dateTimeFormat.format(new Date(ms));
}
