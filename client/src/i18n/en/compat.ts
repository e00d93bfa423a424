/** English strings for the browser-compatibility dialog; the same shape as zh-CN/compat.ts. */
import type { compat as zh } from '../zh-CN/compat';
import type { Messages } from '../messages-type';

export const compat: Messages<typeof zh> = {
  header: 'Browser compatibility',
  is360:
    'You seem to be using 360 Browser. For stable, accurate timing, please use Microsoft Edge or Google Chrome to open Bianshi.',
  outdated:
    'You seem to be using an old browser version; some features may not work. For stable, accurate timing, please use the latest Microsoft Edge or Google Chrome to open Bianshi.',
  confirm: 'Got it, I will switch browsers',
};
