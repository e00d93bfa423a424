/**
 * Reading and writing the CSV files of a Tabbycat folder: the header is normalized (BOM, case,
 * spaces), cells are trimmed, empty rows are passed over, and rows are numbered from the first
 * data row (the header is not counted).
 */
import Papa from 'papaparse';
import type { ImportError } from './types';

/** One data row: its 1-based number and its cells by normalized column name. */
export interface CsvRow {
  row: number;
  cells: Record<string, string>;
}

export interface CsvTable {
  file: string;
  /** Normalized column names, in file order. */
  columns: string[];
  rows: CsvRow[];
}

/** `speaker1_name`, `Speaker 1 Name` and `speaker1-name` all read as `speaker1_name`. */
export function normalizeHeader(cell: string): string {
  return cell
    .replace(/^\ufeff/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** The zh-CN prefix of a message about a file, or a row of it. */
export function where(file: string, row: number | null): string {
  return row === null ? `${file}：` : `${file} 第 ${row} 行：`;
}

const PAPA_MESSAGES: Record<string, string> = {
  MissingQuotes: '引号没有闭合',
  InvalidQuotes: '引号用法不对（字段中的引号应写成两个引号）',
};

/** Reads one CSV file; problems are added to `errors`. An empty file reads as no columns and no rows. */
export function readCsv(file: string, text: string, errors: ImportError[]): CsvTable {
  const source = text.replace(/^\ufeff/, '');
  if (source.trim() === '') return { file, columns: [], rows: [] };
  const parsed = Papa.parse<string[]>(source, { delimiter: ',', skipEmptyLines: false });
  const [header = [], ...body] = parsed.data;
  for (const problem of parsed.errors) {
    const row = problem.row === undefined || problem.row < 1 ? null : problem.row;
    errors.push({
      file,
      row,
      message: `${where(file, row)}CSV 格式错误：${PAPA_MESSAGES[problem.code] ?? problem.message}`,
    });
  }
  const columns = header.map(normalizeHeader);
  const seen = new Set<string>();
  columns.forEach((column, index) => {
    if (column === '') {
      const hasData = body.some((cells) => (cells[index] ?? '').trim() !== '');
      if (hasData)
        errors.push({
          file,
          row: null,
          message: `${where(file, null)}第 ${index + 1} 列没有列名，但下面有内容`,
        });
      return;
    }
    if (seen.has(column))
      errors.push({ file, row: null, column, message: `${where(file, null)}列「${column}」出现了两次` });
    seen.add(column);
  });
  const rows: CsvRow[] = [];
  body.forEach((cells, index) => {
    const row = index + 1;
    if (cells.every((cell) => cell.trim() === '')) return;
    const extra = cells.slice(columns.length).filter((cell) => cell.trim() !== '');
    if (extra.length > 0)
      errors.push({
        file,
        row,
        message: `${where(file, row)}这一行比表头多出 ${extra.length} 个有内容的格子`,
      });
    const record: Record<string, string> = {};
    columns.forEach((column, at) => {
      if (column !== '' && !(column in record)) record[column] = (cells[at] ?? '').trim();
    });
    rows.push({ row, cells: record });
  });
  return { file, columns, rows };
}

/** Writes a CSV file: the header, then one line per row, `\n` line ends as Tabbycat's own files have. */
export function writeCsv(columns: readonly string[], rows: ReadonlyArray<ReadonlyArray<string>>): string {
  return Papa.unparse({ fields: [...columns], data: rows.map((row) => [...row]) }, { newline: '\n' }) + '\n';
}
