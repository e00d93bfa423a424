/** zh-CN messages of the limits on what a client may send or hold, kept together so English can follow. */
export const LM = {
  batchTooLarge: (max: number) => `一次批量请求最多包含 ${max} 个调用`,
} as const;
