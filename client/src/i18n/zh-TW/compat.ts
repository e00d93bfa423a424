/** zh-TW strings for compat; the same shape as zh-CN/compat.ts. */
import type { compat as zhcompat } from '../zh-CN/compat';
import type { Messages } from '../messages-type';
export const compat: Messages<typeof zhcompat> = {
  header: '相容性提示',
  is360:
    '檢測到你正在使用 360 瀏覽器。為了獲得穩定準確的計時體驗，建議使用 Microsoft Edge 或 Google Chrome 瀏覽器使用辯時。',
  outdated:
    '檢測到你正在使用低版本瀏覽器，部分功能可能無法正常工作。為了獲得穩定準確的計時體驗，建議使用最新版 Microsoft Edge 或 Google Chrome 瀏覽器使用辯時。',
  confirm: '我知道了，會更換瀏覽器',
};
