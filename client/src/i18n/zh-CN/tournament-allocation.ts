/**
 * Judge allocation by hand (a draft round's panels with roles) and the Tabbycat link in the
 * tournament console. Imported by the console's own chunks only, so the live wall and the ballot
 * page do not download it.
 */
export const allocation = {
  open: '手动分配评委',
  close: '收起分配',
  title: '评委分配',
  hint: '拖动评委到其他场次或角色；手机或键盘：先点选评委，再点要放入的位置。',
  roles: { chair: '主席', panellist: '评委', trainee: '见习' } as Record<string, string>,
  unallocated: '未分配',
  unallocatedEmpty: '所有评委都已分配',
  emptySlot: '空',
  placeHere: '放到这里',
  selected: '已选中「{name}」：点要放入的位置',
  cancelSelect: '取消选择',
  save: '保存分配',
  saving: '正在保存…',
  saved: '已保存 {n} 场的评委安排',
  reset: '撤销修改',
  dirty: '有未保存的修改',
  remoteChanged: '其他工作人员刚更新了评委安排；保存将以你的版本为准。',
  loadLatest: '载入最新',
  room: '第 {n} 场',
  clashes: '冲突 {n}',
  noClashes: '无冲突',
  noChair: '有评委但没有主席',
  rating: '评分 {n}',
  judgeLabel: '{name}（{role}）',
  clashList: '{name}：{list}',
  loadingContext: '正在读取回避关系…',
  noRooms: '这一轮还没有对阵，请先抽签。',
  moved: '已把「{name}」放到{where}',
  toUnallocated: '未分配',
  traineesLine: '见习：{list}',
  castingVote: '主席决定票',
  castingVoteHint: '票数相同：以主席的投票为准',
  /** The tournament setting (基本信息), here and not in tournament.ts: the judge's ballot page loads that file. */
  castingVoteSetting: '平票时主席决定票',
  castingVoteSettingHint: '评委人数为偶数、票数相同时，以主席的投票为准；关闭后由组织者裁定',
};

/** The Tabbycat link (拉取对阵) in the console. */
export const tabbycatLink = {
  section: 'Tabbycat 同步',
  lead: '把本赛事与 Tabbycat 网站上的赛事关联，之后可以随时拉取 Tabbycat 已发布的对阵，自动为每场比赛建立计时器。',
  siteUrl: 'Tabbycat 网址',
  siteUrlPlaceholder: 'https://example.calicotab.com',
  slug: '赛事短名（slug）',
  slugPlaceholder: '例如 wudc2026',
  token: 'API 令牌',
  tokenPlaceholder: '在 Tabbycat 的“API”页面生成',
  tokenKept: '已保存令牌（…{hint}）；留空则继续使用',
  tokenKeptShort: '已保存令牌；留空则继续使用',
  link: '关联并同步名单',
  relink: '更新关联并同步名单',
  linking: '正在连接 Tabbycat…',
  linked: '已关联：{teams} 支队伍、{adjudicators} 位评委、{venues} 个会场、{rounds} 轮',
  linkedTo: '已关联到 {site} 的「{slug}」',
  pulledAt: '上次拉取：{at}',
  neverPulled: '还没有拉取过对阵',
  notLinked: '还没有关联 Tabbycat。',
  round: '轮次',
  roundPlaceholder: '轮次序号',
  pull: '拉取对阵',
  refresh: '刷新对阵',
  pulling: '正在拉取…',
  pulledNew: '「{round}」已发布：{n} 场比赛各有计时器',
  pulledAgain: '「{round}」已刷新：新增 {added}，变更 {changed}，未变 {unchanged}，移除 {removed}',
  rooms: '本次拉取',
  change: { added: '新增', changed: '变更', unchanged: '未变' } as Record<string, string>,
  changed: { teams: '队伍', venue: '会场', panel: '评委', sides: '正反方' } as Record<string, string>,
  /** A BP room's teams in other positions (OG/OO/CG/CO). */
  changedSeats: '席位',
  removed: '已移除：{list}',
  motions: '辩题：{list}',
  openWall: '打开大屏',
  tokenRequired: '首次关联请填写 API 令牌',
  roundRequired: '请填写要拉取的轮次序号（1 起）',
};

/** The organizer's BP result editor (places and speakers' scores of a four-team room). Console only. */
export const bpResult = {
  title: '英议（BP）结果：名次与辩手分（{min}–{max}）',
  place: '名次',
  placeOf: '{position} 名次',
  scoreOf: '{position} 第 {n} 位辩手分',
};
