/**
 * The content query rules (SPEC.md §5, §9): filter a collection's pages by field with
 * `=`, `!=`, `<`, `<=`, `>`, `>=`, `IN`, `NOT IN`, `BETWEEN`, `NOT BETWEEN`, `LIKE`, `NOT LIKE`,
 * `IS NULL`, `IS NOT NULL`; order by stem ascending unless told otherwise. Pure: the hub's
 * `/api/content` and any test run the same code.
 */
import { z } from 'zod';

/** Every operator a condition may use. */
export const CONTENT_OPERATORS = ['=', '!=', '<', '<=', '>', '>=', 'IN', 'NOT IN', 'BETWEEN', 'NOT BETWEEN', 'LIKE', 'NOT LIKE', 'IS NULL', 'IS NOT NULL'] as const;

/** A condition operator. */
export type ContentOperator = (typeof CONTENT_OPERATORS)[number];

/** One `field operator value` condition; `field` may be a dotted path (`navigation.title`). */
export interface ContentCondition {
  field: string;
  operator: ContentOperator;
  value?: unknown;
}

/** A query over one collection. */
export interface ContentQuery {
  where?: ContentCondition[];
  /** Default: `[{field: 'stem', direction: 'ASC'}]`. */
  order?: { field: string; direction?: 'ASC' | 'DESC' }[];
  limit?: number;
  skip?: number;
  /** Only these top-level fields of each page (all when absent). */
  select?: string[];
}

const fieldSchema = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/, '字段名只能是字母、数字与下划线，用点连接');

/** The wire shape of a query (JSON); operator rules are checked by {@link checkQuery}. */
export const contentQuerySchema = z.strictObject({
  where: z
    .array(z.strictObject({ field: fieldSchema, operator: z.enum(CONTENT_OPERATORS, '未知的比较符'), value: z.unknown().optional() }))
    .max(32, '条件最多 32 个')
    .optional(),
  order: z
    .array(z.strictObject({ field: fieldSchema, direction: z.enum(['ASC', 'DESC']).optional() }))
    .max(4, '排序字段最多 4 个')
    .optional(),
  limit: z.number().int().min(1).max(1000).optional(),
  skip: z.number().int().min(0).optional(),
  select: z.array(fieldSchema).max(50).optional(),
});

/** Why a condition cannot run: names the condition (`#2 tags IN`) and the rule. */
export class ContentQueryError extends Error {
  override readonly name = 'ContentQueryError';
}

/** The condition as users wrote it, for error messages: `#1 tags IN`. */
function describe(index: number, condition: ContentCondition): string {
  return `条件 #${index + 1}（${condition.field} ${condition.operator}）`;
}

/**
 * Checks the operator rules: IN / NOT IN need an array, BETWEEN / NOT BETWEEN an array of
 * exactly two elements, the others (except IS [NOT] NULL) a value. Throws a ContentQueryError
 * naming the first bad condition.
 */
export function checkQuery(query: ContentQuery): void {
  (query.where ?? []).forEach((condition, index) => {
    const { operator, value } = condition;
    if ((operator === 'IN' || operator === 'NOT IN') && !Array.isArray(value)) {
      throw new ContentQueryError(`${describe(index, condition)}需要一个数组`);
    }
    if ((operator === 'BETWEEN' || operator === 'NOT BETWEEN') && (!Array.isArray(value) || value.length !== 2)) {
      throw new ContentQueryError(`${describe(index, condition)}需要恰好两个元素的数组`);
    }
    if ((operator === 'LIKE' || operator === 'NOT LIKE') && typeof value !== 'string') {
      throw new ContentQueryError(`${describe(index, condition)}需要一个字符串模式`);
    }
    if (operator !== 'IS NULL' && operator !== 'IS NOT NULL' && value === undefined) {
      throw new ContentQueryError(`${describe(index, condition)}缺少比较值`);
    }
  });
}

/** Reads a dotted path (`navigation.title`) from a page. */
export function readField(item: unknown, field: string): unknown {
  let value: unknown = item;
  for (const key of field.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** SQL-like ordering of scalars: null/undefined first, numbers numerically, the rest as strings. */
export function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return -1;
  if (b === undefined || b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function equals(a: unknown, b: unknown): boolean {
  if (Array.isArray(a)) return a.some((element) => equals(element, b));
  return compareValues(a, b) === 0 && (a === undefined || a === null) === (b === undefined || b === null);
}

/** `%` any run, `_` one character; case-insensitive, as SQLite's LIKE is for ASCII. */
function likeToRegExp(pattern: string): RegExp {
  let source = '';
  for (const char of pattern) {
    if (char === '%') source += '[\\s\\S]*';
    else if (char === '_') source += '[\\s\\S]';
    else source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'iu');
}

function matches(item: unknown, condition: ContentCondition): boolean {
  const actual = readField(item, condition.field);
  const { value } = condition;
  switch (condition.operator) {
    case '=':
      return equals(actual, value);
    case '!=':
      return !equals(actual, value);
    case '<':
      return actual != null && compareValues(actual, value) < 0;
    case '<=':
      return actual != null && compareValues(actual, value) <= 0;
    case '>':
      return actual != null && compareValues(actual, value) > 0;
    case '>=':
      return actual != null && compareValues(actual, value) >= 0;
    case 'IN':
      return (value as unknown[]).some((candidate) => equals(actual, candidate));
    case 'NOT IN':
      return !(value as unknown[]).some((candidate) => equals(actual, candidate));
    case 'BETWEEN': {
      const [low, high] = value as [unknown, unknown];
      return actual != null && compareValues(actual, low) >= 0 && compareValues(actual, high) <= 0;
    }
    case 'NOT BETWEEN': {
      const [low, high] = value as [unknown, unknown];
      return actual != null && (compareValues(actual, low) < 0 || compareValues(actual, high) > 0);
    }
    case 'LIKE':
      return actual != null && likeToRegExp(value as string).test(String(actual));
    case 'NOT LIKE':
      return actual != null && !likeToRegExp(value as string).test(String(actual));
    case 'IS NULL':
      return actual === undefined || actual === null;
    case 'IS NOT NULL':
      return actual !== undefined && actual !== null;
    default: {
      const unreachable: never = condition.operator;
      throw new ContentQueryError(`未知的比较符 ${String(unreachable)}`);
    }
  }
}

/** Runs a query over a collection's pages (which are not modified). */
export function runQuery<T extends object>(items: readonly T[], query: ContentQuery = {}): Partial<T>[] {
  checkQuery(query);
  const where = query.where ?? [];
  const order = query.order?.length ? query.order : [{ field: 'stem', direction: 'ASC' as const }];
  const filtered = items.filter((item) => where.every((condition) => matches(item, condition)));
  const sorted = [...filtered].sort((a, b) => {
    for (const { field, direction } of order) {
      const result = compareValues(readField(a, field), readField(b, field));
      if (result !== 0) return direction === 'DESC' ? -result : result;
    }
    return 0;
  });
  const skip = query.skip ?? 0;
  const page = sorted.slice(skip, query.limit === undefined ? undefined : skip + query.limit);
  if (!query.select) return page;
  const select = query.select;
  return page.map((item) => Object.fromEntries(select.filter((key) => key in item).map((key) => [key, (item as Record<string, unknown>)[key]])) as Partial<T>);
}
