/** zh-CN messages of the Supabase realtime fallback, kept together so English can follow. */
export const M = {
  notConfigured: '这个服务器没有配置备用通道（Supabase）',
  badConsoleKey: '主控台的签名公钥无效，请刷新页面后重试',
  privateTimer: '私有计时器不经公开的备用通道同步',
} as const;
