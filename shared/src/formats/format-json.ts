/**
 * Import and export of formats as JSON. Import is all or nothing: either a complete, valid
 * format or a list of precise zh-CN errors naming each offending path.
 */
import type { z } from 'zod';
import { formatSchema, type Format } from './format.schema';
import { formatPath, formatSemanticIssues, type FormatIssue } from './format-semantics';
import { FORMAT_MESSAGES as M } from './messages';

/** Largest format file accepted, in characters. */
export const MAX_FORMAT_JSON_CHARS = 1_000_000;

/** The outcome of validating or importing a format. */
export type FormatParseResult = { ok: true; format: Format } | { ok: false; errors: FormatIssue[] };

/** Serializes a format as pretty JSON (2-space indent) that `parseFormatJson` reads back. */
export function exportFormatJson(format: Format): string {
  return `${JSON.stringify(format, null, 2)}\n`;
}

/** Parses and validates a format file. Syntax errors, shape errors and semantic errors are all reported in Chinese. */
export function parseFormatJson(text: string): FormatParseResult {
  if (text.length > MAX_FORMAT_JSON_CHARS) return fail('(根)', M.fileTooLarge(MAX_FORMAT_JSON_CHARS));
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return fail('(根)', M.jsonSyntax(error instanceof Error ? error.message : String(error)));
  }
  return validateFormat(data);
}

/** Validates an already-parsed value as a format: shape first, then the cross-field rules. */
export function validateFormat(data: unknown): FormatParseResult {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return fail('(根)', M.rootNotObject);
  const parsed = formatSchema.safeParse(data, { error: chineseIssueMessage });
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message })),
    };
  }
  const errors = formatSemanticIssues(parsed.data);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, format: parsed.data };
}

function fail(path: string, message: string): FormatParseResult {
  return { ok: false, errors: [{ path, message }] };
}

/**
 * A zod per-parse error map in zh-CN: words any issue a schema did not word itself. Usable with
 * any schema: `schema.safeParse(data, { error: chineseIssueMessage })`.
 */
export function chineseIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? M.required : M.expectedType(issue.expected);
    case 'too_small':
      return issue.origin === 'array' ? M.tooFew(Number(issue.minimum)) : M.tooSmall(issue.minimum);
    case 'too_big':
      return issue.origin === 'array' ? M.tooMany(Number(issue.maximum)) : M.tooBig(issue.maximum);
    case 'invalid_value':
      return M.oneOf(issue.values);
    case 'unrecognized_keys':
      return M.unknownKeys(issue.keys);
    case 'invalid_union':
      return M.invalid;
    default:
      return M.invalid;
  }
}
