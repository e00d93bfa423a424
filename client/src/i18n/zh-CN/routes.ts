/**
 * Title and a short "what is coming" description for every route. Keyed by route id (see
 * app/routes.config.tsx). Placeholders render these until their feature lands.
 */
export const routes = {
  /** Titles of routes that have their own page module (not a placeholder); the feature strings reuse them. */
  titles: {
    adminAnalytics: '访问统计',
    adminAi: 'AI 反馈',
    adminTopics: '辩题库审核',
    timerInvite: '加入计时器',
    worldcupNew: '创建赛事',
    worldcupTabbycat: '从 Tabbycat 导入',
    worldcupTournament: '赛事',
    worldcupManage: '赛事管理',
    worldcupLive: '直播墙',
    worldcupOverview: '赛况总览',
    worldcupPrint: '对阵表',
    worldcupBallot: '评委评分',
  },
  placeholder: {
    badge: '即将上线',
    coming: '即将推出',
    lead: '这个页面正在建设中，以下功能将在后续版本中上线：',
    primary: '返回首页',
    secondary: '查看文档',
    route: '路由',
  },
  pages: {
    home: {
      title: '我的',
      description: '登录后的个人主页，集中管理你的计时器与比赛。',
      items: ['我的计时器与最近使用', '最近比赛与记录', '加入过的大厅', '当前方案状态'],
    },
    ccf: {
      title: '流程单',
      description: '多人实时协作的辩论流程单（CCF），赛前准备与赛中记录一处完成。',
      items: ['新建与管理流程单', '多人实时协作与在线状态', '按环节整理论点'],
    },
    ccfProject: {
      title: '流程单编辑',
      description: '全屏编辑一份协作流程单。',
      items: ['实时多人编辑', '在线成员与光标', '导出与打印'],
    },
    login: {
      title: '登录',
      description: '登录辩时，同步你的计时器、赛制与比赛记录。',
      items: ['账号登录', '第三方登录', '登录后返回原页面'],
    },
    logout: { title: '退出登录', description: '正在安全退出你的账号。', items: ['清除会话', '返回首页'] },
    callback: {
      title: '登录回调',
      description: '正在完成登录，请稍候。',
      items: ['校验登录凭证', '跳转到原页面'],
    },
    authRedirect: {
      title: '正在跳转',
      description: '登录状态确认后将自动跳转。',
      items: ['检查登录状态', '跳转到目标页面'],
    },
    aiCcf: {
      title: 'AI 立论助手',
      description: '从辩题和持方生成立论框架、可能的交锋与质询问题。',
      items: ['定义、判准、论点与支撑', '可能的交锋与质询问题', '发送到备赛工作台'],
    },
    aiContact: {
      title: 'AI 客服',
      description: '基于使用文档回答你的问题的智能助手。',
      items: ['按文档作答并给出出处', '常见问题快速解答', '转人工客服'],
    },
    topic: {
      title: '辩题库',
      description: '按赛事与主题整理的辩题合集。',
      items: ['按主题与赛事浏览辩题', '搜索与收藏', '一键用于计时器'],
    },
    topicGroup: {
      title: '辩题合集',
      description: '一组辩题的详情。',
      items: ['合集内全部辩题', '正反方持方说明', '相关比赛记录'],
    },
    record: {
      title: '比赛记录',
      description: '每场比赛的完整用时记录与操作日志。',
      items: ['比赛列表与筛选', '各环节与双方用时', '导出 CSV'],
    },
    recordMatch: {
      title: '比赛详情',
      description: '一场比赛的时间线与双方用时统计。',
      items: ['环节时间线', '双方用时与超时', '完整操作日志'],
    },
    schools: {
      title: '学校',
      description: '参赛学校与辩论队目录。',
      items: ['学校与队伍列表', '历史战绩', '联系方式'],
    },
    school: {
      title: '学校详情',
      description: '一所学校的各赛季队伍、辩手与比赛记录。',
      items: ['各赛季队伍', '辩手', '比赛记录与胜负'],
    },
    utilsRedirect: {
      title: '正在跳转',
      description: '正在前往目标页面，请稍候。',
      items: ['安全检查', '自动跳转'],
    },
    workbench: {
      title: '工作台',
      description: '团队备赛工作台：资料、分工与流程单集中管理。',
      items: ['创建备赛项目', '邀请队友协作', '资料与流程单管理'],
    },
    workbenchProject: {
      title: '备赛项目',
      description: '一个团队备赛项目的协作空间。',
      items: ['实时协作文档', '在线成员', '版本记录'],
    },
    workbenchInvite: {
      title: '加入工作台',
      description: '接受邀请，加入团队的备赛工作台。',
      items: ['查看邀请详情', '一键加入项目'],
    },
    about: {
      title: '关于',
      description: '了解辩时背后的团队与理念。',
      items: ['产品故事', '团队介绍', '联系我们'],
    },
    aboutPage: { title: '关于', description: '关于辩时的详细介绍。', items: ['图文内容', '相关链接'] },
    create: {
      title: '创建计时器',
      description: '选择赛制或粘贴比赛规则，一分钟创建一个计时器。',
      items: ['从赛制库选择', '粘贴规则文本自动识别', '自定义环节、时长与铃声'],
    },
    pricing: {
      title: '价格',
      description: '试用版、教育版与企业版方案对比。',
      items: ['方案与权益对比', '常见问题', '购买与开票'],
    },
    shortLink: {
      title: '短链接',
      description: '正在解析短链接并打开对应的计时器。',
      items: ['解析短链接', '跳转到计时器'],
    },
    buy: {
      title: '购买',
      description: '选择方案并完成购买。',
      items: ['选择方案', '在线支付', '获取 CDKey'],
    },
    buyCdkey: {
      title: '兑换 CDKey',
      description: '输入 CDKey 激活你的方案。',
      items: ['输入兑换码', '查看激活结果'],
    },
    buyVerify: {
      title: '支付确认',
      description: '确认你的订单支付状态。',
      items: ['查询订单状态', '支付完成后自动激活'],
    },
    buyInvoice: {
      title: '申请发票',
      description: '为已完成的订单申请发票。',
      items: ['填写开票信息', '查看开票进度'],
    },
    lobby: {
      title: '大厅',
      description: '屏幕与观众通过房间码或二维码加入的比赛大厅。',
      items: ['输入房间码加入', '扫码加入', '按角色显示在线人数'],
    },
    lobbyRoom: {
      title: '大厅',
      description: '一个比赛大厅：主办方选择主屏比赛或展示整轮比赛。',
      items: ['主屏比赛', '整轮比赛网格', '在线成员'],
    },
    worldcup: {
      title: '世界杯',
      description: '赛事中心：赛程、直播房间与实时比分。',
      items: ['赛程与对阵', '直播房间', '赛果公示'],
    },
    timer: {
      title: '计时器',
      description: '投影大屏计时显示：大字时钟、环节与双方信息。',
      items: ['大字时钟与颜色提示', '铃声与全屏', '连接状态'],
    },
    timerMatch: {
      title: '计时器',
      description: '某一场比赛的投影大屏显示。',
      items: ['本场比赛的环节与用时', '铃声与全屏', '连接状态'],
    },
    manage: {
      title: '控制台',
      description: '计时器控制台：开始、暂停、切换环节，支持键盘快捷键。',
      items: ['开始 / 暂停 / 切换', '键盘快捷键', '实时预览大屏'],
    },
    manageInfo: {
      title: '基本信息',
      description: '计时器名称、比赛信息与辩题。',
      items: ['名称与辩题', '比赛信息'],
    },
    manageLogo: {
      title: '标志',
      description: '上传赛事标志，显示在大屏上。',
      items: ['上传标志', '位置与大小'],
    },
    manageSkin: { title: '皮肤', description: '大屏的配色与风格。', items: ['主题配色', '字体与背景'] },
    manageAudio: { title: '铃声', description: '提示铃声与音量设置。', items: ['选择铃声', '试听与音量'] },
    manageTeams: { title: '队伍', description: '正反方队伍与辩手信息。', items: ['队伍名称', '辩手名单'] },
    manageRecord: { title: '记录', description: '本计时器的比赛记录。', items: ['历史比赛', '用时统计'] },
    manageTiming: {
      title: '赛制与计时',
      description: '环节、时长、铃声与超时规则。',
      items: ['编辑环节', '共享准备时间'],
    },
    manageDetails: {
      title: '详细设置',
      description: '高级显示与控制选项。',
      items: ['显示选项', '控制权限'],
    },
    manageOffline: {
      title: '离线模式',
      description: '在没有网络的场地继续计时。',
      items: ['离线计时', '恢复后同步'],
    },
    manageSchedule: {
      title: '赛程',
      description: '安排本计时器的多场比赛。',
      items: ['比赛列表', '对阵与时间'],
    },
    manageMembers: {
      title: '成员与邀请',
      description: '邀请评委、计时员与编辑，管理他们的角色。',
      items: ['成员与角色', '邀请链接与二维码'],
    },
    // Pages that exist: a title only (these strings are in every page's entry chunk).
    manageIntegrations: { title: '集成与直播', description: '', items: [] },
    accountTokens: { title: 'API 令牌', description: '', items: [] },
    adminCdkey: {
      title: 'CDKey 管理',
      description: '生成、查询与作废 CDKey。',
      items: ['批量生成', '查询与作废', '兑换记录'],
    },
    docs: {
      title: '文档',
      description: '辩时使用文档：从创建计时器到多屏联动。',
      items: ['快速上手', '赛制配置', '控制台快捷键'],
    },
    changelog: {
      title: '更新日志',
      description: '辩时每个版本的新功能与改进。',
      items: ['版本记录', '新功能介绍'],
    },
  },
} as const;

export type RoutePageId = keyof typeof routes.pages;
