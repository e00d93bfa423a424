/** The browser-compatibility dialog. */
export const compat = {
  header: '兼容性提示',
  is360:
    '检测到你正在使用 360 浏览器。为了获得稳定准确的计时体验，建议使用 Microsoft Edge 或 Google Chrome 浏览器访问辩时。',
  outdated:
    '检测到你正在使用低版本浏览器，部分功能可能无法正常工作。为了获得稳定准确的计时体验，建议使用最新版 Microsoft Edge 或 Google Chrome 浏览器访问辩时。',
  confirm: '我知道了，会更换浏览器',
} as const;
