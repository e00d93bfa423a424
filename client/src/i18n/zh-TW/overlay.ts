/** zh-TW strings for overlay; the same shape as zh-CN/overlay.ts. */
import type { overlay as zhoverlay } from '../zh-CN/overlay';
import type { Messages } from '../messages-type';
export const overlay: Messages<typeof zhoverlay> = {
  title: '直播疊加層',
  notFound: '疊加層網址無效',
  noClock: '本環節不計時',
  vs: 'VS',
  connecting: '連線中…',
};
