/** zh-CN messages of uploads, kept together so English can follow. */
export const UM = {
  tooLarge: (limit: string) => `文件过大：最大 ${limit}`,
  unsupportedKind: (kind: string) => `不支持的上传类别：${kind}`,
  unsupportedType: (allowed: string) => `文件类型不支持：只接受 ${allowed}`,
  contentMismatch: (allowed: string) => `文件内容与声明的类型不符，或不是 ${allowed} 文件`,
  empty: '文件为空',
  svgInvalid: (why: string) => `SVG 文件无法接受：${why}`,
  audioUnreadable: '无法读取音频时长，请换一个文件（建议使用 WAV、MP3 或 OGG）',
  audioTooLong: (limitS: number, actualS: string) => `音频过长：最长 ${limitS} 秒，这个文件约 ${actualS} 秒`,
  notFound: '文件不存在',
  storageUnavailable: '文件存储暂时不可用，请稍后再试',
  methodNotAllowed: '不支持的请求方法',
  badPath: '上传地址无效',
  rateLimited: '操作过于频繁，请稍后再试',
  credentialsMissing: '需要编辑权限：请使用控制链接打开后再上传',
  quotaFull: (quota: string, used: string) =>
    `这个计时器的上传空间已满（上限 ${quota}，已用 ${used}）：请先在设置中移除不用的文件`,
  roleTooLow: '你在这个计时器上没有上传文件的权限（需要编辑权限）',
} as const;
