/** The livestream overlay (OBS browser source) and its preview in the console. */
export const overlay = {
  title: '直播叠加层',
  notFound: '叠加层地址无效',
  noClock: '本环节不计时',
  vs: 'VS',
  connecting: '连接中…',
} as const;
