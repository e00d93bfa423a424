/** zh-CN messages of the AI area: one for each way a request can fail. */
export const AI = {
  providerOff: '未配置 AI 服务，当前为基础模式（不调用大模型）',
  providerDown: 'AI 服务暂时无法连接，请稍后再试；基础模式的结果仍可使用',
  providerBusy: (seconds: number | null) =>
    seconds ? `AI 服务繁忙，请 ${seconds} 秒后再试` : 'AI 服务繁忙，请稍后再试',
  providerRefused: 'AI 服务拒绝了这个请求（可能是密钥或模型配置有误），请联系管理员',
  providerFailed: 'AI 服务出错，请稍后再试',
  timeout: (seconds: number) => `AI 服务在 ${seconds} 秒内没有答完，已停止；请缩短内容后重试`,
  tooLong: (max: number) => `内容太长：最多 ${max} 个字，请删减后再试`,
  empty: '请先输入内容',
  rateLimited: '请求过于频繁，请一分钟后再试',
  quota: (limit: number) => `今天的 AI 次数（${limit} 次）已用完，明天再来，或升级方案获得更多次数`,
  quotaNone: '当前方案不含 AI 功能，请升级方案；基础模式仍可使用',
  invalidReply: (attempts: number) =>
    `AI 连续 ${attempts} 次返回的结果都没有通过格式校验，已保留基础模式的结果`,
  cancelled: '已取消',
  feedbackNotFound: '找不到这条反馈',
  documentNotText: '只能发送到文稿类文档',
} as const;
