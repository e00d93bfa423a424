import { zhCN } from './zh-CN';

export { dateTimeFormat, format, locale, numberFormat } from './format';

/** All messages of the current locale. */
export const messages = zhCN;
