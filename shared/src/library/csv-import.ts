/**
 * CSV and JSON imports of topics and schools. Every row is checked and every problem is
 * reported with its row (the file's line, the header being line 1) and column, in Chinese; an
 * import with any error writes nothing.
 */
import Papa from 'papaparse';
import { z } from 'zod';
import { chineseIssueMessage } from '../formats/format-json';
import { schoolAliases, schoolKey } from './normalize';
import { schoolInputSchema, type SchoolInput } from './school.schema';
import {
  TOPIC_TYPE_LABELS,
  TOPIC_TYPES,
  topicInputSchema,
  type TopicInput,
  type TopicType,
} from './topic.schema';

/** One problem in an import. `row` is 1-based (the header is row 1 in CSV; the first item is row 1 in JSON). */
export interface ImportError {
  row: number;
  column: string;
  message: string;
}

/** The result of checking a file: every row, or every error. */
export type ImportCheck<T> = { ok: true; rows: T[] } | { ok: false; errors: ImportError[] };

/** A topic row with the group it belongs to. */
export interface TopicImportRow {
  row: number;
  group: string;
  topic: TopicInput;
}

/** Columns of the topics CSV, as the template names them (zh-CN), with the field each fills. */
export const TOPIC_CSV_COLUMNS = [
  ['合集', 'group'],
  ['辩题', 'text'],
  ['正方持方', 'affText'],
  ['反方持方', 'negText'],
  ['类型', 'type'],
  ['标签', 'tags'],
  ['语言', 'language'],
  ['赛事', 'tournament'],
  ['轮次', 'round'],
  ['年份', 'year'],
  ['备注', 'notes'],
  ['背景资料', 'infoSlide'],
] as const;

/** Columns of the schools CSV. */
export const SCHOOL_CSV_COLUMNS = [
  ['名称', 'name'],
  ['简称', 'shortName'],
  ['地区', 'region'],
  ['国家/地区', 'country'],
  ['别名', 'aliases'],
  ['网站', 'website'],
] as const;

/** The topics CSV template: the header and one example row (a motion of our own, no source). */
export const TOPIC_CSV_TEMPLATE =
  TOPIC_CSV_COLUMNS.map(([label]) => label).join(',') +
  '\r\n' +
  '练习辩题,城市应当限制私家车出行,,,政策,城市;交通,zh,,,,示例行：请替换为你的辩题,\r\n';

const MAX_ROWS = 2_000;
const LIST_SEPARATOR = /[;；|、]/;

/** A CSV column: the label the template shows and the field it fills. */
export type Column = readonly [label: string, field: string];

/**
 * Parses CSV text into records keyed by field (headers may be the zh-CN labels or the field
 * names). Header problems come back as errors on row 1; rows are not read past a wrong header.
 */
export function parseCsv(
  text: string,
  columns: readonly Column[],
  required: readonly string[],
): { records: Array<Record<string, string>>; errors: ImportError[] } {
  const parsed = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: 'greedy' });
  const [header, ...body] = parsed.data;
  const errors: ImportError[] = parsed.errors.map((error) => ({
    row: (error.row ?? 0) + 1,
    column: '',
    message: `CSV 格式错误：${error.message}`,
  }));
  if (!header)
    return { records: [], errors: [{ row: 1, column: '', message: '文件是空的：第一行应为表头' }] };
  const fieldOf = new Map<string, string>();
  for (const [label, field] of columns) {
    fieldOf.set(label, field);
    fieldOf.set(field.toLowerCase(), field);
  }
  const fields = header.map(
    (cell) => fieldOf.get(cell.trim()) ?? fieldOf.get(cell.trim().toLowerCase()) ?? null,
  );
  header.forEach((cell, index) => {
    if (fields[index] === null && cell.trim() !== '')
      errors.push({ row: 1, column: cell.trim(), message: `未知的列「${cell.trim()}」` });
  });
  for (const field of required) {
    if (!fields.includes(field))
      errors.push({
        row: 1,
        column: labelOf(columns, field),
        message: `缺少必需的列「${labelOf(columns, field)}」`,
      });
  }
  // Rows are not checked against a wrong header: the header's errors are what to fix first.
  if (errors.length > 0) return { records: [], errors };
  if (body.length > MAX_ROWS)
    errors.push({ row: MAX_ROWS + 2, column: '', message: `一次最多导入 ${MAX_ROWS} 行` });
  const records = body.slice(0, MAX_ROWS).map((cells) => {
    const record: Record<string, string> = {};
    fields.forEach((field, index) => {
      if (field) record[field] = (cells[index] ?? '').trim();
    });
    return record;
  });
  return { records, errors };
}

function labelOf(columns: readonly Column[], field: string): string {
  return columns.find(([, name]) => name === field)?.[0] ?? field;
}

/** A cell holding a list (separated by ; ； | 、) as its items. */
export function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter(Boolean);
}

function topicType(value: string | undefined): TopicType | null | string {
  const text = (value ?? '').trim();
  if (!text) return null;
  const byLabel = TOPIC_TYPES.find(
    (type) => TOPIC_TYPE_LABELS[type] === text || `${TOPIC_TYPE_LABELS[type]}辩题` === text,
  );
  return byLabel ?? text;
}

/** Field path of a topic issue → the column label the user sees. */
function topicColumn(path: ReadonlyArray<PropertyKey>): string {
  const [first, second] = path;
  const field = first === 'source' ? String(second) : String(first);
  return labelOf(TOPIC_CSV_COLUMNS, field);
}

function checkTopic(row: number, group: string, raw: unknown, errors: ImportError[]): TopicImportRow | null {
  if (!group) errors.push({ row, column: '合集', message: '合集不能为空' });
  const parsed = topicInputSchema.safeParse(raw, { error: chineseIssueMessage });
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      errors.push({ row, column: topicColumn(issue.path), message: issue.message });
    return null;
  }
  return group ? { row, group, topic: parsed.data } : null;
}

/** Checks a topics CSV (see `TOPIC_CSV_TEMPLATE`). */
export function checkTopicsCsv(text: string): ImportCheck<TopicImportRow> {
  const { records, errors } = parseCsv(text, TOPIC_CSV_COLUMNS, ['group', 'text']);
  const rows: TopicImportRow[] = [];
  records.forEach((record, index) => {
    const row = index + 2;
    const yearText = record.year ?? '';
    const yearOk = yearText === '' || /^\d{4}$/.test(yearText);
    // A bad year is one error among the row's others: the rest of the row is still checked.
    if (!yearOk) errors.push({ row, column: '年份', message: `年份应为四位数字，而不是「${yearText}」` });
    const year = yearText === '' || !yearOk ? null : Number(yearText);
    const checked = checkTopic(
      row,
      record.group ?? '',
      {
        text: record.text ?? '',
        affText: record.affText ?? '',
        negText: record.negText ?? '',
        type: topicType(record.type),
        tags: splitList(record.tags),
        language: record.language || 'zh',
        source: { tournament: record.tournament ?? '', round: record.round ?? '', year },
        notes: record.notes ?? '',
        infoSlide: record.infoSlide ?? '',
      },
      errors,
    );
    if (checked && yearOk) rows.push(checked);
  });
  return errors.length ? { ok: false, errors: inFileOrder(errors, TOPIC_CSV_COLUMNS) } : { ok: true, rows };
}

/** Errors by row, then (below the header) by the column's place in the template. */
function inFileOrder(errors: ImportError[], columns: readonly Column[]): ImportError[] {
  const place = (column: string) => {
    const index = columns.findIndex(([label]) => label === column);
    return index === -1 ? columns.length : index;
  };
  return errors
    .map((error, index) => ({ error, index }))
    .sort(
      (a, b) =>
        a.error.row - b.error.row ||
        // The header's errors (row 1) stay in the header's order.
        (a.error.row > 1 ? place(a.error.column) - place(b.error.column) : 0) ||
        a.index - b.index,
    )
    .map(({ error }) => error);
}

const topicsJsonSchema = z
  .array(z.looseObject({ group: z.string().optional() }))
  .max(MAX_ROWS, { error: `一次最多导入 ${MAX_ROWS} 条` });

/** Checks a topics JSON file: an array of topics, each with `group` (or `{topics: [...]}`); `defaultGroup` fills a missing group. */
export function checkTopicsJson(text: string, defaultGroup = ''): ImportCheck<TopicImportRow> {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\ufeff/, ''));
  } catch {
    return { ok: false, errors: [{ row: 1, column: '', message: '文件不是有效的 JSON' }] };
  }
  const items = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { topics?: unknown }).topics)
      ? (data as { topics: unknown[] }).topics
      : null;
  const parsed = topicsJsonSchema.safeParse(items);
  if (!parsed.success)
    return {
      ok: false,
      errors: [{ row: 1, column: '', message: 'JSON 应为辩题数组，或 {"topics": [...]}（最多 2000 条）' }],
    };
  const errors: ImportError[] = [];
  const rows: TopicImportRow[] = [];
  parsed.data.forEach((item, index) => {
    const { group, id: _id, groupId: _groupId, ...topic } = item as Record<string, unknown>;
    const checked = checkTopic(
      index + 1,
      typeof group === 'string' && group.trim() ? group.trim() : defaultGroup,
      topic,
      errors,
    );
    if (checked) rows.push(checked);
  });
  return errors.length ? { ok: false, errors } : { ok: true, rows };
}

/** A school row: the merged school and the file rows it came from. */
export interface SchoolImportRow {
  rows: number[];
  key: string;
  school: SchoolInput;
}

/** Checks a schools CSV; rows naming the same school (normalized name + region) are merged into one, aliases united. */
export function checkSchoolsCsv(text: string): ImportCheck<SchoolImportRow> {
  const { records, errors } = parseCsv(text, SCHOOL_CSV_COLUMNS, ['name']);
  const merged = new Map<string, SchoolImportRow>();
  records.forEach((record, index) => {
    const row = index + 2;
    const parsed = schoolInputSchema.safeParse(
      {
        name: record.name ?? '',
        shortName: record.shortName ?? '',
        region: record.region ?? '',
        country: record.country ?? '',
        aliases: splitList(record.aliases),
        website: record.website ?? '',
      },
      { error: chineseIssueMessage },
    );
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        errors.push({
          row,
          column: labelOf(SCHOOL_CSV_COLUMNS, String(issue.path[0] ?? '')),
          message: issue.message,
        });
      return;
    }
    const key = schoolKey(parsed.data.name, parsed.data.region);
    const existing = merged.get(key);
    if (existing) {
      existing.rows.push(row);
      existing.school = mergeSchools(existing.school, parsed.data);
    } else {
      merged.set(key, {
        rows: [row],
        key,
        school: { ...parsed.data, aliases: schoolAliases(parsed.data.name, parsed.data.aliases) },
      });
    }
  });
  return errors.length
    ? { ok: false, errors: inFileOrder(errors, SCHOOL_CSV_COLUMNS) }
    : { ok: true, rows: [...merged.values()] };
}

/** Two records of one school united: the first's fields win where set; aliases include every other spelling that does not fold to the name. */
export function mergeSchools(first: SchoolInput, second: SchoolInput): SchoolInput {
  const aliases = schoolAliases(first.name, [...first.aliases, ...second.aliases, second.name]);
  return {
    name: first.name,
    shortName: first.shortName || second.shortName,
    region: first.region || second.region,
    country: first.country || second.country,
    aliases,
    website: first.website || second.website,
    logoUrl: first.logoUrl || second.logoUrl,
  };
}

/** One import error as a line of text: 第 3 行「年份」：… */
export function importErrorText(error: ImportError): string {
  return `第 ${error.row} 行${error.column ? `「${error.column}」` : ''}：${error.message}`;
}
