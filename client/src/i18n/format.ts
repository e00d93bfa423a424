/** Formatting for the interface language, without any messages: a screen that needs no strings module pays nothing for them. */
/** The interface language. Only zh-CN exists today; another locale mirrors the zh-CN modules. */
export const locale = 'zh-CN';

/** Fills `{name}` placeholders: `format('第{n}轮', {n: 2})` → `第2轮`. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/**
 * An Intl formatter made on its first use. The first Intl object a page makes loads the locale's
 * ICU data, about 50 ms on a desktop and four times that on a phone, so a module must not make one
 * when it loads: a page that shows no dates or numbers would pay for it on every start.
 */
export function lazyFormat<V>(make: () => { format(value: V): string }): { format(value: V): string } {
  let formatter: { format(value: V): string } | undefined;
  return { format: (value) => (formatter ??= make()).format(value) };
}

/** Numbers the zh-CN way. */
export const numberFormat = lazyFormat<number | bigint>(() => new Intl.NumberFormat(locale));

/** Dates the zh-CN way, e.g. 2025年1月2日 14:05. */
export const dateTimeFormat = lazyFormat<Date | number>(
  () => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }),
);
