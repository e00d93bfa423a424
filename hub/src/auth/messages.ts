/** zh-CN messages of accounts, sessions and memberships, kept together so English can follow. */
export const AUTH_MESSAGES = {
  signInFailed: '邮箱或密码错误',
  signInRequired: '请先登录',
  sessionRejected: '请求来源校验失败，请刷新页面后重试',
  crossSite: '不允许从其他网站发起此操作',
  emailTaken: '这个邮箱已经注册，请直接登录',
  adminRequired: '需要管理员权限',
  rateLimitedSignIn: '登录尝试过于频繁，请稍后再试',
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
