/** zh-TW strings for routes; the same shape as zh-CN/routes.ts. */
import type { routes as zhroutes } from '../zh-CN/routes';
import type { Messages } from '../messages-type';
export const routes: Messages<typeof zhroutes> = {
  titles: {
    adminAnalytics: '瀏覽統計',
    adminAi: 'AI 回饋',
    adminTopics: '辯題庫審核',
    timerInvite: '加入計時器',
    worldcupNew: '建立賽事',
    worldcupTabbycat: '從 Tabbycat 匯入',
    worldcupTournament: '賽事',
    worldcupManage: '賽事管理',
    worldcupLive: '直播牆',
    worldcupOverview: '賽況總覽',
    worldcupPrint: '對陣表',
    worldcupBallot: '評審評分',
  },
  placeholder: {
    badge: '即將上線',
    coming: '即將推出',
    lead: '這個頁面正在建設中，以下功能將在後續版本中上線：',
    primary: '返回首頁',
    secondary: '檢視文件',
    route: '路由',
  },
  pages: {
    home: {
      title: '我的',
      description: '登入後的個人首頁，集中管理你的計時器與比賽。',
      items: ['我的計時器與最近使用', '最近比賽與紀錄', '加入過的大廳', '目前方案狀態'],
    },
    ccf: {
      title: '流程單',
      description: '多人即時協作的辯論流程單（CCF），賽前準備與賽中記錄一處完成。',
      items: ['新增與管理流程單', '多人即時協作與線上狀態', '按環節整理論點'],
    },
    ccfProject: {
      title: '流程單編輯',
      description: '全螢幕編輯一份協作流程單。',
      items: ['即時多人編輯', '線上成員與游標', '匯出與列印'],
    },
    login: {
      title: '登入',
      description: '登入辯時，同步你的計時器、賽制與比賽紀錄。',
      items: ['帳號登入', '第三方登入', '登入後返回原頁面'],
    },
    logout: { title: '登出', description: '正在安全登出你的帳號。', items: ['清除工作階段', '返回首頁'] },
    callback: {
      title: '登入回呼',
      description: '正在完成登入，請稍候。',
      items: ['驗證登入憑證', '前往原頁面'],
    },
    authRedirect: {
      title: '正在重新導向',
      description: '登入狀態確認後將自動重新導向。',
      items: ['檢查登入狀態', '前往目標頁面'],
    },
    aiCcf: {
      title: 'AI 立論助手',
      description: '從辯題和持方產生立論框架、可能的交鋒與質詢問題。',
      items: ['定義、判準、論點與支撐', '可能的交鋒與質詢問題', '傳送到備賽工作台'],
    },
    aiContact: {
      title: 'AI 客服',
      description: '基於使用文件回答你的問題的智慧助手。',
      items: ['按文件作答並給出出處', '常見問題快速解答', '轉人工客服'],
    },
    topic: {
      title: '辯題庫',
      description: '按賽事與主題整理的辯題合集。',
      items: ['按主題與賽事瀏覽辯題', '搜尋與收藏', '一鍵用於計時器'],
    },
    topicGroup: {
      title: '辯題合集',
      description: '一組辯題的詳情。',
      items: ['合集內全部辯題', '正反方持方說明', '相關比賽紀錄'],
    },
    record: {
      title: '比賽紀錄',
      description: '每場比賽的完整用時紀錄與操作日誌。',
      items: ['比賽列表與篩選', '各環節與雙方用時', '匯出 CSV'],
    },
    recordMatch: {
      title: '比賽詳情',
      description: '一場比賽的時間軸與雙方用時統計。',
      items: ['環節時間軸', '雙方用時與超時', '完整操作日誌'],
    },
    schools: {
      title: '學校',
      description: '參賽學校與辯論隊目錄。',
      items: ['學校與隊伍列表', '歷史戰績', '聯絡方式'],
    },
    school: {
      title: '學校詳情',
      description: '一所學校的各賽季隊伍、辯士與比賽紀錄。',
      items: ['各賽季隊伍', '辯士', '比賽紀錄與勝負'],
    },
    utilsRedirect: {
      title: '正在重新導向',
      description: '正在前往目標頁面，請稍候。',
      items: ['安全檢查', '自動重新導向'],
    },
    workbench: {
      title: '工作台',
      description: '團隊備賽工作台：資料、分工與流程單集中管理。',
      items: ['建立備賽專案', '邀請隊友協作', '資料與流程單管理'],
    },
    workbenchProject: {
      title: '備賽專案',
      description: '一個團隊備賽專案的協作空間。',
      items: ['即時協作文件', '線上成員', '版本紀錄'],
    },
    workbenchInvite: {
      title: '加入工作台',
      description: '接受邀請，加入團隊的備賽工作台。',
      items: ['檢視邀請詳情', '一鍵加入專案'],
    },
    about: {
      title: '關於',
      description: '了解辯時背後的團隊與理念。',
      items: ['產品故事', '團隊介紹', '聯絡我們'],
    },
    aboutPage: { title: '關於', description: '關於辯時的詳細介紹。', items: ['圖文內容', '相關連結'] },
    create: {
      title: '建立計時器',
      description: '選擇賽制或貼上比賽規則，一分鐘建立一個計時器。',
      items: ['從賽制庫選擇', '貼上規則文字自動辨識', '自訂環節、時長與鈴聲'],
    },
    pricing: {
      title: '價格',
      description: '試用版、教育版與企業版方案對比。',
      items: ['方案與權益對比', '常見問題', '購買與開票'],
    },
    shortLink: {
      title: '短連結',
      description: '正在解析短連結並開啟對應的計時器。',
      items: ['解析短連結', '前往計時器'],
    },
    buy: {
      title: '購買',
      description: '選擇方案並完成購買。',
      items: ['選擇方案', '線上付款', '取得 CDKey'],
    },
    buyCdkey: {
      title: '兌換 CDKey',
      description: '輸入 CDKey 啟用你的方案。',
      items: ['輸入兌換碼', '檢視啟用結果'],
    },
    buyVerify: {
      title: '付款確認',
      description: '確認你的訂單付款狀態。',
      items: ['查詢訂單狀態', '付款完成後自動啟用'],
    },
    buyInvoice: {
      title: '申請發票',
      description: '為已完成的訂單申請發票。',
      items: ['填寫開票資訊', '檢視開票進度'],
    },
    lobby: {
      title: '大廳',
      description: '螢幕與觀眾透過房間碼或 QR Code 加入的比賽大廳。',
      items: ['輸入房間碼加入', '掃描 QR Code 加入', '按角色顯示線上人數'],
    },
    lobbyRoom: {
      title: '大廳',
      description: '一個比賽大廳：主辦方選擇主畫面比賽或展示整輪比賽。',
      items: ['主畫面比賽', '整輪比賽網格', '線上成員'],
    },
    worldcup: {
      title: '世界盃',
      description: '賽事中心：賽程、直播房間與即時比分。',
      items: ['賽程與對陣', '直播房間', '賽果公示'],
    },
    timer: {
      title: '計時器',
      description: '投影大螢幕計時顯示：大字時鐘、環節與雙方資訊。',
      items: ['大字時鐘與顏色提示', '鈴聲與全螢幕', '連線狀態'],
    },
    timerMatch: {
      title: '計時器',
      description: '某一場比賽的投影大螢幕顯示。',
      items: ['本場比賽的環節與用時', '鈴聲與全螢幕', '連線狀態'],
    },
    manage: {
      title: '控制台',
      description: '計時器控制台：開始、暫停、切換環節，支援鍵盤快捷鍵。',
      items: ['開始 / 暫停 / 切換', '鍵盤快捷鍵', '即時預覽大螢幕'],
    },
    manageInfo: {
      title: '基本資訊',
      description: '計時器名稱、比賽資訊與辯題。',
      items: ['名稱與辯題', '比賽資訊'],
    },
    manageLogo: {
      title: '標誌',
      description: '上傳賽事標誌，顯示在大螢幕上。',
      items: ['上傳標誌', '位置與大小'],
    },
    manageSkin: { title: '外觀', description: '大螢幕的配色與風格。', items: ['主題配色', '字型與背景'] },
    manageAudio: { title: '鈴聲', description: '提示鈴聲與音量設定。', items: ['選擇鈴聲', '試聽與音量'] },
    manageTeams: { title: '隊伍', description: '正反方隊伍與辯士資訊。', items: ['隊伍名稱', '辯士名單'] },
    manageRecord: { title: '紀錄', description: '本計時器的比賽紀錄。', items: ['歷史比賽', '用時統計'] },
    manageTiming: {
      title: '賽制與計時',
      description: '環節、時長、鈴聲與超時規則。',
      items: ['編輯環節', '共享準備時間'],
    },
    manageDetails: {
      title: '詳細設定',
      description: '進階顯示與控制選項。',
      items: ['顯示選項', '控制權限'],
    },
    manageOffline: {
      title: '離線模式',
      description: '在沒有網路的場地繼續計時。',
      items: ['離線計時', '恢復後同步'],
    },
    manageSchedule: {
      title: '賽程',
      description: '安排本計時器的多場比賽。',
      items: ['比賽列表', '對陣與時間'],
    },
    manageMembers: {
      title: '成員與邀請',
      description: '邀請評審、計時員與編輯，管理他們的角色。',
      items: ['成員與角色', '邀請連結與 QR Code'],
    },
    manageIntegrations: { title: '整合與直播', description: '', items: [] },
    accountTokens: { title: 'API 權杖', description: '', items: [] },
    adminCdkey: {
      title: 'CDKey 管理',
      description: '產生、查詢與作廢 CDKey。',
      items: ['批次產生', '查詢與作廢', '兌換紀錄'],
    },
    docs: {
      title: '文件',
      description: '辯時使用文件：從建立計時器到多螢幕連動。',
      items: ['快速上手', '賽制設定', '控制台快捷鍵'],
    },
    changelog: {
      title: '更新日誌',
      description: '辯時每個版本的新功能與改進。',
      items: ['版本紀錄', '新功能介紹'],
    },
  },
};
