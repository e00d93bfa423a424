import { formatWait } from '../lib/wait';

const orMail = (mail: boolean) => (mail ? '，或通过邮件登录' : '');

/** zh-CN messages of accounts, sessions and memberships, kept together so English can follow. */
export const AUTH_MESSAGES = {
  signInFailed: '邮箱或密码错误',
  signInRequired: '请先登录',
  sessionRejected: '请求来源校验失败，请刷新页面后重试',
  crossSite: '不允许从其他网站发起此操作',
  emailTaken: '这个邮箱已经注册，请直接登录',
  adminRequired: '需要管理员权限',
  rateLimitedSignIn: '登录尝试过于频繁，请稍后再试',
  signInSlowed: (waitMs: number, mail: boolean) =>
    `这个邮箱在你的网络上登录失败次数过多，请${formatWait(waitMs)}后再试${orMail(mail)}`,
  signInAddressLimited: (waitMs: number) => `你的网络地址登录失败次数过多，请${formatWait(waitMs)}后再试`,
  signInAccountLimited: (waitMs: number, mail: boolean) =>
    `这个账号近期在多个网络上登录失败次数过多，为保护账号，暂时只能从你登录过的网络登录${orMail(mail)}；也可以${formatWait(waitMs)}后再试`,
  passwordTooShort: '密码至少需要 8 个字符',
  passwordTooLong: '密码不能超过 200 个字符',
  passwordBlank: '密码不能全是空格',
  passwordCommon: '这个密码太常见，很容易被猜到，请换一个',
  mailDisabled: '本站没有配置发信，无法发送邮件',
  mailLinkSent: '如果这个邮箱已经注册，登录链接已发送，请查收邮件（也请查看垃圾邮件）',
  verificationSent: '验证邮件已发送，请查收',
  alreadyVerified: '这个邮箱已经验证过了',
  rateLimitedMail: (waitMs: number) => `发送邮件过于频繁，请${formatWait(waitMs)}后再试`,
  emailLinkInvalid: '链接无效、已使用或已过期，请重新获取',
  rateLimitedSignUp: '注册过于频繁，请稍后再试',
  localDisabled: '本站使用 Supabase 登录，请使用登录页的 Supabase 方式',
  supabaseDisabled: '本站未启用 Supabase 登录',
  supabaseTokenInvalid: '登录凭证无效或已过期，请重新登录',
  supabaseEmailConflict: '这个邮箱已被另一个账号使用，请联系管理员',
  timerAlreadyOwned: '这个计时器已经属于某个账号',
  inviteInvalid: '邀请链接无效、已撤销或已过期',
  memberNotFound: '找不到这位成员',
  inviteNotFound: '找不到这个邀请链接',
} as const;
