/** zh-TW strings for tournament-overview; the same shape as zh-CN/tournament-overview.ts. */
import type { tournamentOverview as zhtournamentOverview } from '../zh-CN/tournament-overview';
import type { Messages } from '../messages-type';
import { routes } from './routes';

export const tournamentOverview: Messages<typeof zhtournamentOverview> = {
  title: routes.titles.worldcupOverview,
  loading: '正在載入賽況…',
  back: '返回管理',
  wall: '直播牆',
  round: '輪次',
  noRounds: '還沒有發布的輪次，發布後這裡會列出本輪所有場次。',
  notPublished: '這一輪還沒有發布。',
  empty: '沒有符合篩選條件的場次。',
  offline: '連線已斷開，正在重新連線…',
  counts: {
    live: '進行中 {n}',
    finished: '已結束 {n}',
    scheduled: '未開始 {n}',
    missing: '待收評分 {n}',
    awaiting: '待裁定 {n}',
  },
  filter: {
    label: '篩選',
    all: '全部場次',
    live: '進行中',
    missing: '待收評分',
    awaiting: '待裁定',
    unconfirmed: '賽果未確認',
  },
  sort: {
    label: '排序',
    venue: '按場地',
    running: '進行中優先',
    missing: '缺評分優先',
  },
  columns: {
    venue: '場地',
    teams: '對陣',
    judges: '評審',
    stage: '目前環節',
    timeLeft: '剩餘時間',
    status: '狀態',
    ballots: '評分',
    result: '賽果',
  },
  chair: '主席',
  noJudges: '未分配',
  ballots: '{n}/{total}',
  awaiting: '待裁定',
  pending: '待確認',
  winner: '{side}方勝 {aff}:{neg}',
  sideName: { aff: '正', neg: '反' },
  noClock: '—',
  connecting: '…',
};
