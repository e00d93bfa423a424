/**
 * Input errors in Chinese, all the way down: zod's own zh-CN locale, with the messages people
 * meet most (too long, too big, missing, wrong type) said in plain words instead of
 * `数值过大：期望 number <=86400000`; and each issue as `{field, reason, message}` for programs
 * and for the field it belongs beside.
 */
import { z } from 'zod';

/** The words of a value's kind, for `应为…`. */
const KINDS: Readonly<Record<string, string>> = {
  number: '数字',
  int: '整数',
  bigint: '整数',
  string: '文本',
  boolean: '是或否',
  object: '对象',
  array: '列表',
  date: '日期',
  null: '空值',
  undefined: '空',
};

/** zod's own zh-CN words, made on first use (so a bundle that never parses does not carry them). */
let zhCN: z.core.$ZodErrorMap | undefined;

/** The value of a size limit as people read it: 86400000 stays exact, but with grouping (86,400,000). */
function limit(value: number | bigint): string {
  return typeof value === 'bigint' ? value.toString() : new Intl.NumberFormat('zh-CN').format(value);
}

/**
 * The zh-CN message of one zod issue: plain words for sizes, types and choices, zod's zh-CN
 * locale for the rest. Use as zod's locale (`z.config({ localeError: zhIssueMessage })`) or per
 * parse (`schema.safeParse(value, { error: zhIssueMessage })`).
 */
export function zhIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return '缺少必填项';
      return `类型不对：应为${KINDS[issue.expected] ?? issue.expected}`;
    case 'too_big': {
      const n = limit(issue.maximum as number | bigint);
      if (issue.origin === 'string') return `最多 ${n} 个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return `最多 ${n} 项`;
      if (issue.origin === 'number' || issue.origin === 'bigint')
        return issue.inclusive === false ? `必须小于 ${n}` : `不能大于 ${n}`;
      break;
    }
    case 'too_small': {
      const n = limit(issue.minimum as number | bigint);
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? '不能为空' : `至少 ${n} 个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return `至少需要 ${n} 项`;
      if (issue.origin === 'number' || issue.origin === 'bigint')
        return issue.inclusive === false ? `必须大于 ${n}` : `不能小于 ${n}`;
      break;
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? `只能是 ${String(issue.values[0])}`
        : `必须是 ${issue.values.map((value) => String(value)).join('、')} 之一`;
    case 'unrecognized_keys':
      return `包含不认识的字段：${issue.keys.join('、')}`;
    default:
      break;
  }
  zhCN ??= z.locales.zhCN().localeError;
  const words = zhCN(issue);
  return typeof words === 'string' ? words : (words?.message ?? '无效输入');
}

/** One refused input, for programs (`field`, `reason`) and people (`message`, in Chinese). */
export interface InputIssue {
  /** Where, as a dotted path (`name`, `command.deltaMs`, `teams.aff.debaters.2`); '' for the whole input. */
  field: string;
  /** What, as zod's issue code (`too_big`, `invalid_type`…) or a custom check's own reason. */
  reason: string;
  message: string;
}

/** The issues of a failed parse, each with its field and reason. */
export function inputIssuesOf(error: { issues: readonly z.core.$ZodIssue[] }): InputIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.map((part) => String(part)).join('.'),
    reason:
      issue.code === 'custom' && typeof issue.params?.reason === 'string' ? issue.params.reason : issue.code,
    message: issue.message,
  }));
}

/** `字段：消息` of the first issue (the whole input's message has no field). */
export function inputIssueText(issue: InputIssue | undefined): string {
  if (!issue) return '无效输入';
  return issue.field ? `${issue.field}：${issue.message}` : issue.message;
}
