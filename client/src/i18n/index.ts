import { zhCN } from './zh-CN';

export { dateTimeFormat, format, lazyFormat, locale, numberFormat } from './format';

/** All messages of the current locale. */
export const messages = zhCN;
