/**
 * 赛况总览: the tab room's overview of a round (every room's stage, time left, ballots in), for
 * the tournament's staff. Kept apart from `tournament.ts`, which the live wall downloads; the links
 * to it (the console's round cards, the live wall) say its route title.
 */
import { routes } from './routes';

export const tournamentOverview = {
  title: routes.titles.worldcupOverview,
  loading: '正在加载赛况…',
  back: '返回管理',
  wall: '直播墙',
  round: '轮次',
  noRounds: '还没有发布的轮次，发布后这里会列出本轮所有场次。',
  notPublished: '这一轮还没有发布。',
  empty: '没有符合筛选条件的场次。',
  offline: '连接已断开，正在重连…',
  counts: {
    live: '进行中 {n}',
    finished: '已结束 {n}',
    scheduled: '未开始 {n}',
    missing: '待收评分 {n}',
    awaiting: '待裁定 {n}',
  },
  filter: {
    label: '筛选',
    all: '全部场次',
    live: '进行中',
    missing: '待收评分',
    awaiting: '待裁定',
    unconfirmed: '赛果未确认',
  },
  sort: {
    label: '排序',
    venue: '按场地',
    running: '进行中优先',
    missing: '缺评分优先',
  },
  columns: {
    venue: '场地',
    teams: '对阵',
    judges: '评委',
    stage: '当前环节',
    timeLeft: '剩余时间',
    status: '状态',
    ballots: '评分',
    result: '赛果',
  },
  chair: '主席',
  noJudges: '未分配',
  ballots: '{n}/{total}',
  awaiting: '待裁定',
  pending: '待确认',
  winner: '{side}方胜 {aff}:{neg}',
  sideName: { aff: '正', neg: '反' },
  noClock: '—',
  connecting: '…',
};
