import { LOBBY_CODE_RULE } from '@bianshi/shared';

/** zh-CN messages of the lobby use cases, kept together so English can follow. */
export const L = {
  lobbyNotFound: '找不到这个大厅，请检查链接是否正确',
  codeUnknown: '房间码不存在，请核对后重试',
  codeInvalid: LOBBY_CODE_RULE,
  codeExpired: '这个房间码已过期，请向主办方索取新的房间码',
  codeRateLimited: '尝试次数过多，请一分钟后再试',
  privateNeedsLink: '这是私有大厅，请使用主办方提供的加入链接或二维码',
  organizerKeyWrong: '主办方密钥无效或已失效',
  organizerOnly: '只有主办方可以这样做',
  organizerRoleNeedsKey: '以主办方身份加入需要主办方权限',
  judgeKeyWrong: '评委链接无效或已失效',
  screenGone: '这块屏幕已离开大厅',
  timerNotFound: (id: string) => `找不到计时器：${id}`,
  timerPrivate: (name: string) => `计时器「${name}」是私有的，只有持有其控制权限的人可以把它加入大厅`,
  timerNotInLobby: '这个计时器不在大厅里',
  tooManyTimers: (max: number) => `一个大厅最多显示 ${max} 个计时器`,
  targetLobbyGone: '目标大厅不存在或已过期',
  targetLobbyForbidden: '只能把屏幕移到你主办的大厅',
  disconnected: '主办方已断开这块屏幕',
  defaultScreenName: '未命名屏幕',
  defaultLobbyName: '未命名大厅',
  ownedByOther: '这个大厅已属于另一个账号',
} as const;
