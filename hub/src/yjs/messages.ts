import type { YjsNoticeCode } from '@bianshi/shared';
import { YJS_LIMITS } from '@bianshi/shared';

const kib = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

/** zh-CN messages of the workbench, flows and their documents. */
export const Y = {
  projectNotFound: '找不到这个项目，它可能已被删除。',
  documentNotFound: '找不到这个文档，它可能已被删除。',
  versionNotFound: '找不到这个版本。',
  memberNotFound: '这个成员已不在项目中。',
  noAccess: '你没有这个项目的访问权限。请向项目所有者索取邀请链接。',
  ownerOnly: '只有项目所有者可以这样做。',
  editorOnly: '只有编辑者和所有者可以修改内容。',
  signInRequired: '请先登录。',
  inviteInvalid: '邀请链接无效或已被撤销。',
  inviteExpired: '邀请链接已过期，请向项目所有者索取新的链接。',
  ownerCannotJoin: '你已是这个项目的所有者。',
  tooManyVersions: `每个文档最多保存 ${YJS_LIMITS.versionsPerDocument} 个版本。`,
  personalFlowNoInvite:
    '个人流程单只有你自己能看到，不能邀请队友；要和队友一起记录，请新建「团队共享」模式的流程单。',
  judgeFlowPrivate: '裁判流程单在比赛结束前只有裁判本人可见。',
  wrongKind: '这个操作不适用于此类文档。',
  timerNotFound: '找不到这个计时器。',
  attachNeedsMatch: '只有绑定了比赛的流程单可以附到比赛记录。',
  attachNeedsFinish: '比赛结束后才能把流程单附到比赛记录。',
  timerPrivate: '这个计时器是私有的：只有它的所有者、成员或持观看链接的人可以为它建流程单。',
  attachNeedsTimer: '你对这个计时器没有访问权限，不能把流程单附到它的比赛记录。',
  /** Presence name of someone who opened a document with an invite link alone. */
  guest: '访客',
} as const;

/** The notices a document socket receives, by code (the close that follows carries the code). */
export const NOTICE_MESSAGES: Record<YjsNoticeCode, string> = {
  'sign-in-required': '请先登录，或使用项目的邀请链接打开这个文档。',
  'signed-out': '你已退出登录，文档连接已断开。请重新登录。',
  'no-access': '你没有这个项目的访问权限。请向项目所有者索取邀请链接。',
  'not-found': '找不到这个文档，它可能已被删除。',
  'access-revoked': '你对这个项目的访问权限已被撤销。',
  'invite-expired': '邀请链接已过期，文档连接已断开。请向项目所有者索取新的链接。',
  'read-only': '你在这个项目中只能查看或评论，修改没有被保存。',
  'not-your-comment':
    '只能以自己的名义评论，只能修改或删除自己的评论与回复（标记解决除外）；这次修改没有被保存。',
  'update-too-large': `这次修改太大（单次最多 ${kib(YJS_LIMITS.updateBytes)}），没有被保存。请分几次粘贴。`,
  'document-too-large': `文档已达到大小上限（${kib(YJS_LIMITS.documentBytes)}），新的修改没有被保存。请拆分成多个文档。`,
  'awareness-too-large': `在线状态信息太大（最多 ${kib(YJS_LIMITS.awarenessBytes)}），连接已断开。`,
  'bad-message': '收到无法识别的数据，连接已断开。请刷新页面。',
  'rate-limited': '修改太频繁，连接已暂停，稍后会自动重连。',
  'storage-failed': '服务器暂时无法保存修改，连接已断开；你的修改保留在本机，重连后会自动同步。',
  'hub-closing': '服务器正在重启，稍后会自动重连。',
  unavailable: '服务器暂时无法打开这个文档，稍后会自动重连。',
};
