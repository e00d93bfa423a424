import type { MailMessage } from './mailer';

/** zh-CN texts of the mail the hub sends. Links are absolute; each mail says why it came. */
export const MAIL = {
  verify(to: string, link: string, hours: number): MailMessage {
    return {
      to,
      subject: '【辩时】请验证你的邮箱',
      text: `你好！\n\n你刚刚用这个邮箱注册了辩时账号。请打开下面的链接验证邮箱（${hours} 小时内有效，只能使用一次）：\n\n${link}\n\n如果不是你本人注册，请忽略这封邮件，这个邮箱不会被验证。\n\n—— 辩时 · 专业辩论比赛计时`,
    };
  },
  signIn(to: string, link: string, minutes: number): MailMessage {
    return {
      to,
      subject: '【辩时】你的登录链接',
      text: `你好！\n\n有人请求用这个邮箱登录辩时。打开下面的链接即可登录（${minutes} 分钟内有效，只能使用一次）：\n\n${link}\n\n如果不是你本人操作，请忽略这封邮件，你的账号不会受到影响。\n\n—— 辩时 · 专业辩论比赛计时`,
    };
  },
  staffInvite(
    to: string,
    input: { tournament: string; role: string; inviter: string; link: string },
  ): MailMessage {
    return {
      to,
      subject: `【辩时】邀请你担任「${input.tournament}」的${input.role}`,
      text: `你好！\n\n${input.inviter} 邀请你担任赛事「${input.tournament}」的${input.role}。用这个邮箱登录辩时后打开下面的链接即可加入：\n\n${input.link}\n\n还没有账号？用这个邮箱注册并验证后即可加入。如果你不认识邀请人，请忽略这封邮件。\n\n—— 辩时 · 专业辩论比赛计时`,
    };
  },
  judgeInvite(to: string, input: { tournament: string; judge: string; link: string }): MailMessage {
    return {
      to,
      subject: `【辩时】「${input.tournament}」评委投票链接`,
      text: `${input.judge}，你好！\n\n你被添加为赛事「${input.tournament}」的评委。下面是你专属的投票链接，请勿转发给他人：\n\n${input.link}\n\n如果你不认识这场赛事，请忽略这封邮件。\n\n—— 辩时 · 专业辩论比赛计时`,
    };
  },
} as const;
