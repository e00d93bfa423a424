/**
 * Refused input, said in Chinese with a machine `reason` and the `field` it concerns, alike on
 * every input (tRPC, /api/v1, settings sections). zod words its issues in zh-CN hub-wide.
 */
import { inputIssuesOf, inputIssueText, zhIssueMessage, type InputIssue } from '@bianshi/shared';
import { z } from 'zod';
import { HubError } from './errors';

// Every schema the hub parses with words its issues in Chinese (zod's zh-CN locale, in plainer words).
z.config({ localeError: zhIssueMessage });

/** The issues of a zod error, or null when `value` is not one (tRPC hands the parser's error over as a cause). */
export function zodIssuesOf(value: unknown): InputIssue[] | null {
  if (value instanceof z.ZodError) return inputIssuesOf(value);
  const issues = (value as { issues?: unknown } | null)?.issues;
  if (
    value instanceof Error &&
    Array.isArray(issues) &&
    issues.every(
      (issue) => typeof issue === 'object' && issue !== null && 'path' in issue && 'message' in issue,
    )
  ) {
    return inputIssuesOf(value as unknown as z.ZodError);
  }
  return null;
}

/**
 * The BAD_REQUEST of refused input: `请求无效：deltaMs：不能大于 86,400,000`, reason
 * `invalid-input`, and in its details the first issue's `field` and every issue.
 */
export function invalidInput(issues: InputIssue[], prefix = '请求无效'): HubError {
  return new HubError('BAD_REQUEST', `${prefix}：${inputIssueText(issues[0])}`, 'invalid-input', {
    field: issues[0]?.field ?? '',
    issues,
  });
}

/** Parses `value` with `schema`, or throws {@link invalidInput}. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, prefix?: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw invalidInput(inputIssuesOf(parsed.error), prefix);
}
