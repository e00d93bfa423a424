/**
 * User-facing messages (zh-CN) for format validation and import. Kept in one place so that an
 * English table can follow with the same keys.
 */
export const FORMAT_MESSAGES = {
  nonNegativeInt: '必须是非负整数',
  positiveInt: '必须是正整数',
  int: '必须是整数',
  string: '必须是文本',
  nonEmpty: '不能为空',
  tooLong: (max: number) => `不能超过 ${max} 个字符`,
  tooMany: (max: number) => `最多 ${max} 项`,
  tooFew: (min: number) => `至少需要 ${min} 项`,
  tooBig: (max: number | bigint) => `不能大于 ${String(max)}`,
  tooSmall: (min: number | bigint) => `不能小于 ${String(min)}`,
  oneOf: (values: readonly unknown[]) => `必须是 ${values.map((v) => String(v)).join('、')} 之一`,
  expectedType: (expected: string) => `类型错误，应为${TYPE_NAMES[expected] ?? expected}`,
  required: '缺少必填字段',
  unknownKeys: (keys: readonly string[]) => `包含未知字段：${keys.join('、')}`,
  badId: '只能包含小写字母、数字和连字符，且以字母或数字开头',
  badSound: '只能包含字母、数字、连字符和下划线',
  invalid: '格式不正确',
  schemaVersion: (v: number) => `必须是 ${v}（当前赛制文件版本）`,
  jsonSyntax: (detail: string) => `JSON 语法错误：${detail}`,
  fileTooLarge: (maxChars: number) => `文件过大（上限 ${maxChars} 个字符）`,
  rootNotObject: '赛制文件的顶层必须是一个对象',
  // Semantic checks (beyond the shape).
  duplicatePoolId: (id: string) => `时间池 id「${id}」重复`,
  unknownPool: (id: string) => `引用了不存在的时间池「${id}」`,
  prepNeedsPrepPool: (id: string) => `准备阶段必须引用一个准备时间池（kind 为 prep），「${id}」不是`,
  singleNeedsDuration: '没有时间池的单计时阶段必须设置 durationMs',
  pooledNeedsSide: '引用时间池的阶段必须指定发言方 side',
  pooledMustStop: '引用时间池的阶段 overtime 必须为 stop（不能透支时间池）',
  relayMustStop: '接力模式（relay）的双计时阶段 overtime 必须为 stop',
  bellEndOutside: (budgetMs: number) => `距结束的响铃必须小于阶段时长 ${budgetMs} 毫秒`,
  bellStartOutside: (budgetMs: number) =>
    `距开始的响铃必须大于 0，且不超过阶段时长 ${budgetMs} 毫秒（超时停止时）`,
  bellStartZero: '距开始的响铃必须大于 0',
  duplicateSide: '同一方不能重复出现',
  firstSideNotInStage: '先发言方必须是本阶段的一方',
  poiOutside: 'POI 时段必须位于阶段时长之内，且开始早于结束',
  reserveUnknownStage: (name: string, pool: string) =>
    `保留时间指定的环节「${name}」不存在，或不从时间池「${pool}」扣时`,
  reserveDuplicateStage: (name: string) => `保留时间的环节「${name}」重复`,
  reserveTooLarge: (totalMs: number) => `保留时间必须小于该方的时间池总量 ${totalMs} 毫秒`,
} as const;

/** Chinese names for the JSON types zod reports. */
const TYPE_NAMES: Record<string, string> = {
  number: '数字',
  int: '整数',
  string: '文本',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: 'null',
};
