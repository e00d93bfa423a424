/**
 * The content query rules (SPEC.md §5, §9): filter a collection's pages by field with
 * `=`, `!=`, `<`, `<=`, `>`, `>=`, `IN`, `NOT IN`, `BETWEEN`, `NOT BETWEEN`, `LIKE`, `NOT LIKE`,
 * `IS NULL`, `IS NOT NULL`; order by stem ascending unless told otherwise. Pure: the hub's
 * `/api/content` and any test run the same code.
 */
import { z } from 'zod';
import { compileLike, type LikeWork } from './like';

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

/** Most conditions in one query. */
export const MAX_QUERY_CONDITIONS = 32;
/** Most values in one `IN` / `NOT IN` list. */
export const MAX_QUERY_VALUES = 100;
/** Longest LIKE pattern, in characters. */
export const MAX_LIKE_PATTERN_LENGTH = 100;
/** Longest field path (`navigation.title`), in characters, and most dotted parts. */
export const MAX_FIELD_LENGTH = 128;
export const MAX_FIELD_DEPTH = 6;
/**
 * The work one query may do, in units of one row tested against one condition, one list value
 * compared or one character a LIKE reads: about 10 ms of one core. A LIKE over every docs page's
 * HTML reads about 60 000 characters, so a query may hold a dozen of those.
 */
export const MAX_QUERY_WORK = 1_000_000;

/** Machine reasons of a refused query, beside the Chinese message. */
export type ContentQueryReason =
  | 'invalid-query'
  | 'invalid-condition'
  | 'too-many-conditions'
  | 'too-many-values'
  | 'pattern-too-long'
  | 'field-too-long'
  | 'query-too-costly';

/** Why a query cannot run: a Chinese message (naming the condition, `条件 #2（tags IN）`) and a reason. */
export class ContentQueryError extends Error {
  override readonly name = 'ContentQueryError';

  constructor(
    message: string,
    readonly reason: ContentQueryReason = 'invalid-condition',
  ) {
    super(message);
  }
}

// Linear: the parts are separated by a `.` that no part may contain. Lengths: checkQuery.
const fieldSchema = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/, '字段名只能是字母、数字与下划线，用点连接');

// A value is a scalar or a flat list of them: nothing nested for a comparison to walk.
const scalarSchema = z.union([z.string(), z.number(), z.boolean(), z.null()], '比较值只能是字符串、数字、布尔值或 null');
const valueSchema = z.union([scalarSchema, z.array(scalarSchema)], '比较值只能是字符串、数字、布尔值、null 或它们的数组');

/** The wire shape of a query (JSON); operator rules are checked by {@link checkQuery}. */
export const contentQuerySchema = z.strictObject({
  where: z
    .array(z.strictObject({ field: fieldSchema, operator: z.enum(CONTENT_OPERATORS, '未知的比较符'), value: valueSchema.optional() }))
    .max(MAX_QUERY_CONDITIONS, `条件最多 ${MAX_QUERY_CONDITIONS} 个`)
    .optional(),
  order: z
    .array(z.strictObject({ field: fieldSchema, direction: z.enum(['ASC', 'DESC']).optional() }))
    .max(4, '排序字段最多 4 个')
    .optional(),
  limit: z.number().int().min(1).max(1000).optional(),
  skip: z.number().int().min(0).optional(),
  select: z.array(fieldSchema).max(50).optional(),
});

/**
 * A query from the wire: its shape ({@link contentQuerySchema}) and its rules ({@link checkQuery}),
 * or a ContentQueryError with the first problem in Chinese and its reason.
 */
export function parseContentQuery(raw: unknown): ContentQuery {
  const parsed = contentQuerySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path ?? [];
    const reason = issue?.code === 'too_big' && path.length === 1 && path[0] === 'where' ? 'too-many-conditions' : 'invalid-query';
    throw new ContentQueryError(`查询无效：${path.join('.') || '查询'}：${issue?.message ?? ''}`, reason);
  }
  const query = parsed.data as ContentQuery;
  checkQuery(query);
  return query;
}

/** The condition as users wrote it, for error messages: `#1 tags IN`. */
function describe(index: number, condition: ContentCondition): string {
  return `条件 #${index + 1}（${condition.field} ${condition.operator}）`;
}

/**
 * Checks the operator rules: IN / NOT IN need an array (of at most MAX_QUERY_VALUES),
 * BETWEEN / NOT BETWEEN an array of exactly two elements, LIKE / NOT LIKE a string of at most
 * MAX_LIKE_PATTERN_LENGTH characters, the others (except IS [NOT] NULL) a value. Throws a
 * ContentQueryError naming the first bad condition.
 */
export function checkQuery(query: ContentQuery): void {
  const where = query.where ?? [];
  if (where.length > MAX_QUERY_CONDITIONS) throw new ContentQueryError(`条件最多 ${MAX_QUERY_CONDITIONS} 个`, 'too-many-conditions');
  for (const field of [...where.map((c) => c.field), ...(query.order ?? []).map((o) => o.field), ...(query.select ?? [])]) {
    if (field.length > MAX_FIELD_LENGTH || field.split('.').length > MAX_FIELD_DEPTH) {
      throw new ContentQueryError(`字段「${field.slice(0, 32)}」过长：最多 ${MAX_FIELD_LENGTH} 个字符、${MAX_FIELD_DEPTH} 层`, 'field-too-long');
    }
  }
  where.forEach((condition, index) => {
    const { operator, value } = condition;
    if ((operator === 'IN' || operator === 'NOT IN') && !Array.isArray(value)) {
      throw new ContentQueryError(`${describe(index, condition)}需要一个数组`);
    }
    if ((operator === 'IN' || operator === 'NOT IN') && (value as unknown[]).length > MAX_QUERY_VALUES) {
      throw new ContentQueryError(`${describe(index, condition)}的数组最多 ${MAX_QUERY_VALUES} 个值`, 'too-many-values');
    }
    if ((operator === 'BETWEEN' || operator === 'NOT BETWEEN') && (!Array.isArray(value) || value.length !== 2)) {
      throw new ContentQueryError(`${describe(index, condition)}需要恰好两个元素的数组`);
    }
    if ((operator === 'LIKE' || operator === 'NOT LIKE') && typeof value !== 'string') {
      throw new ContentQueryError(`${describe(index, condition)}需要一个字符串模式`);
    }
    if ((operator === 'LIKE' || operator === 'NOT LIKE') && [...(value as string)].length > MAX_LIKE_PATTERN_LENGTH) {
      throw new ContentQueryError(`${describe(index, condition)}的模式最长 ${MAX_LIKE_PATTERN_LENGTH} 个字符`, 'pattern-too-long');
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

/** Spends a query's work and refuses it once past MAX_QUERY_WORK. */
class QueryWork implements LikeWork {
  private spent = 0;

  spend(units: number): void {
    this.spent += units;
    if (this.spent > MAX_QUERY_WORK) throw new ContentQueryError('查询过于复杂：请减少条件或缩短 LIKE 模式后重试', 'query-too-costly');
  }
}

/** A condition ready to test rows: LIKE patterns compiled once per query, not once per row. */
type Predicate = (item: unknown, work: QueryWork) => boolean;

function predicateOf(condition: ContentCondition): Predicate {
  const { field, value } = condition;
  const read = (item: unknown) => readField(item, field);
  switch (condition.operator) {
    case '=':
      return (item) => equals(read(item), value);
    case '!=':
      return (item) => !equals(read(item), value);
    case '<':
      return (item) => compared(read(item), value, (result) => result < 0);
    case '<=':
      return (item) => compared(read(item), value, (result) => result <= 0);
    case '>':
      return (item) => compared(read(item), value, (result) => result > 0);
    case '>=':
      return (item) => compared(read(item), value, (result) => result >= 0);
    case 'IN':
    case 'NOT IN': {
      const candidates = value as unknown[];
      const wanted = condition.operator === 'IN';
      return (item, work) => {
        work.spend(candidates.length);
        const actual = read(item);
        return candidates.some((candidate) => equals(actual, candidate)) === wanted;
      };
    }
    case 'BETWEEN':
    case 'NOT BETWEEN': {
      const [low, high] = value as [unknown, unknown];
      const wanted = condition.operator === 'BETWEEN';
      return (item) => {
        const actual = read(item);
        return actual != null && (compareValues(actual, low) >= 0 && compareValues(actual, high) <= 0) === wanted;
      };
    }
    case 'LIKE':
    case 'NOT LIKE': {
      const pattern = compileLike(value as string);
      const wanted = condition.operator === 'LIKE';
      return (item, work) => {
        const actual = read(item);
        return actual != null && pattern.matches(String(actual), work) === wanted;
      };
    }
    case 'IS NULL':
      return (item) => read(item) == null;
    case 'IS NOT NULL':
      return (item) => read(item) != null;
    default: {
      const unreachable: never = condition.operator;
      throw new ContentQueryError(`未知的比较符 ${String(unreachable)}`);
    }
  }
}

function compared(actual: unknown, value: unknown, test: (result: number) => boolean): boolean {
  return actual != null && test(compareValues(actual, value));
}

/**
 * Runs a query over a collection's pages (which are not modified). Throws a ContentQueryError
 * (reason `query-too-costly`) once it has done MAX_QUERY_WORK.
 */
export function runQuery<T extends object>(items: readonly T[], query: ContentQuery = {}): Partial<T>[] {
  checkQuery(query);
  const predicates = (query.where ?? []).map(predicateOf);
  const order = query.order?.length ? query.order : [{ field: 'stem', direction: 'ASC' as const }];
  const work = new QueryWork();
  const filtered = items.filter((item) => {
    work.spend(1 + predicates.length);
    return predicates.every((test) => test(item, work));
  });
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
