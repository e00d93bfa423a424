/** zh-TW strings for tournament-motions; the same shape as zh-CN/tournament-motions.ts. */
import type { roundMotions as zhroundMotions } from '../zh-CN/tournament-motions';
import type { motionTab as zhmotionTab } from '../zh-CN/tournament-motions';
import type { Messages } from '../messages-type';
export const roundMotions: Messages<typeof zhroundMotions> = {
  title: '本輪辯題',
  hint: '一輪可以公布多個辯題（如 BP、Australs 的備賽選題），每個可附背景資料。公布前只有工作人員可見。',
  none: '還沒有新增辯題',
  add: '新增辯題',
  addFirst: '新增本輪辯題',
  edit: '編輯辯題',
  save: '儲存辯題',
  saving: '正在儲存…',
  saved: '辯題已儲存',
  cancel: '取消',
  remove: '刪除',
  reference: '簡稱（選填）',
  referencePlaceholder: '如：經濟',
  text: '辯題',
  infoSlide: '背景資料（選填）',
  infoSlideShow: '背景資料',
  numbered: '辯題 {n}',
  max: '每輪最多 {n} 個辯題',
  unreleased: '未公布',
  scheduled: '將於 {time} 公布',
  releaseAt: '定時公布（選填）',
  schedule: '定時公布',
  scheduledToast: '辯題將於 {time} 公布',
  releasedAt: '{time} 已公布',
  release: '公布辯題',
  releaseConfirm: '公布本輪辯題？',
  releaseConfirmBody: '公布後賽事頁所有人可見，並顯示在本輪已發布比賽的計時畫面上；公布後不能撤回。',
  releasedToast: '已公布 {n} 個辯題',
  rooms: '各場辯題',
  roomsHint: '本輪有多個辯題：選定每場實際辯論的辯題，計時畫面和辯題統計會據此更新。',
  room: '{aff} vs {neg}',
  notChosen: '未選定',
  chosen: '已更新該場辯題',
};

export const motionTab: Messages<typeof zhmotionTab> = {
  infoSlide: '背景資料',
  statsTitle: '辯題統計',
  statsMotion: '辯題',
  statsRooms: '場次',
  statsWins: '{side}勝',
  statsPoints: '{position} 平均得分',
  statsEmpty: '尚無已確認結果',
};
