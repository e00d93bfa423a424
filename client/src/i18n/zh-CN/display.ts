/** The projector display and the timer clocks it shows. */
export const display = {
  title: '计时器',
  sides: { aff: '正方', neg: '反方' },
  neutral: '计时',
  /** Parts of a clock's spoken label, e.g. 正方 剩余 3分29秒. */
  clock: {
    remaining: '剩余',
    elapsed: '已用',
    overtime: '超时',
    hours: '小时',
    minutes: '分',
    seconds: '秒',
    running: '计时中',
    paused: '已暂停',
    speaking: '发言中',
  },
  /** Speaker position, e.g. 一辩. */
  speaker: ['一辩', '二辩', '三辩', '四辩', '五辩', '六辩', '七辩', '八辩'],
  stageOf: '第 {n} / {total} 环节',
  topic: '辩题',
  status: { ready: '未开始', running: '进行中', paused: '已暂停', finished: '比赛结束' },
  /** A clock that stopped at zero. */
  timeUp: '时间到',
  timeout: '{side}暂停',
  noClock: '本环节不计时',
  /** A clock drawing on a team's shared pool (新国辩). */
  pool: {
    totalLeft: '{side}剩余总时间',
    prepLeft: '{side}剩余准备时间',
    allowance: '本环节限时 {time}',
    /** The pool keeps time for later stages (新国辩: 结辩至少保留 3:00): the clock shows what this stage may use. */
    available: '{side}本环节可用',
    held: '其中为「{stage}」保留 {time}',
  },
  loading: '正在连接计时器…',
  connection: { connecting: '连接中', online: '在线', reconnecting: '重连中', offline: '离线' },
  connectionHint: {
    connecting: '正在连接服务器',
    online: '已与服务器同步',
    reconnecting: '连接中断，正在重连；时钟按最后状态继续计时',
    offline: '已离线；时钟按最后状态继续计时，恢复网络后自动同步',
  },
  /** The badge when the socket is up but this screen's sync is not (the hub refused it for now, or ended it). */
  interrupted: { text: '同步中断', hint: '{message}' },
  /** Why the hub dropped the socket (its close reason), told in the badge's hint while reconnecting. */
  dropped: {
    'too-slow': '网络太慢，服务器断开了连接，正在重连',
    'rate-limited': '消息过多，服务器断开了连接，稍后重连',
    'access-revoked': '访问权限有变化，正在重新检查',
    kicked: '主办方断开了这块屏幕，正在重连',
  },
  /** A watch the hub refused for good: the page says why, in place of a frozen clock. */
  refused: {
    private: '此计时器已设为私有',
    viewKey: '观看链接已失效',
    judge: '评委链接无效',
    revoked: '访问权限已撤销',
    planLimit: '大屏数量已达上限',
    retry: '重新打开',
  },
  outdated: { title: '计时器已更新', body: '服务器已升级到新版本，请刷新页面。', action: '刷新页面' },
  controls: {
    label: '显示控制',
    ring: '本机响铃',
    ringOn: '本机响铃：开',
    ringOff: '本机响铃：关',
    fullscreen: '全屏',
    exitFullscreen: '退出全屏',
  },
  audioUnlock: { title: '点击启用声音', body: '浏览器需要点击一次才能播放铃声' },
  bellFlash: '响铃',
  /** A finished match's result on the display (在大屏显示结果). */
  result: {
    title: '比赛结果',
    wins: '{team} 获胜',
    ballotsLabel: '票型 {aff} 比 {neg}',
    bestDebater: '最佳辩手',
  },
  blackout: '黑屏',
  notFound: {
    title: '找不到计时器',
    body: '链接可能有误，或计时器已被删除。请向主办方确认链接。',
    home: '返回首页',
  },
  loadFailed: { title: '无法打开计时器', retry: '重试' },
  /** The hub ended this screen's watch without a reason (it reconnects by itself). */
  watchStopped: '服务器结束了这块屏幕的同步，正在重新连接',
  shortLink: { resolving: '正在打开计时器…' },
} as const;
