/** English strings for the livestream overlay; the same shape as zh-CN/overlay.ts. */
import type { overlay as zh } from '../zh-CN/overlay';
import type { Messages } from '../messages-type';

export const overlay: Messages<typeof zh> = {
  title: 'Stream overlay',
  notFound: 'The overlay address is not valid',
  noClock: 'This stage is not timed',
  vs: 'VS',
  connecting: 'Connecting…',
};
