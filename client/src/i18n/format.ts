/** Formatting for the interface language, without any messages: a screen that needs no strings module pays nothing for them. */
/** The interface language. Only zh-CN exists today; another locale mirrors the zh-CN modules. */
export const locale = 'zh-CN';

/** Fills `{name}` placeholders: `format('第{n}轮', {n: 2})` → `第2轮`. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** Numbers the zh-CN way. */
export const numberFormat = new Intl.NumberFormat(locale);

/** Dates the zh-CN way, e.g. 2025年1月2日 14:05. */
export const dateTimeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' });
