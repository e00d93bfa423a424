import { describe, expect, it } from 'vitest';
import {
  checkFolder,
  decodeText,
  folderNameOf,
  formatBytes,
  groupErrors,
  importErrorsOf,
  mergeFiles,
  pickedFiles,
  readFolder,
  TABBYCAT_LIMITS,
  type NamedBlob,
} from './tabbycat-folder';

/** A named blob of `size` bytes (a File without needing one). */
const blob = (name: string, text: string | number = 'a,b\n1,2\n'): NamedBlob =>
  Object.assign(new Blob([typeof text === 'number' ? 'x'.repeat(text) : text]), { name });

const folder = (root: string, ...names: string[]) =>
  pickedFiles(names.map((name) => ({ file: blob(name), path: `${root}/${name}` })));

describe('the picked folder', () => {
  it('sends CSV files and the .importer marker, lists the rest after them, and knows the folder', () => {
    const files = folder('anorak', 'readme.md', 'teams.csv', '.importer', 'Institutions.CSV');
    expect(files.map((file) => [file.name, file.sent])).toEqual([
      ['.importer', true],
      ['Institutions.CSV', true],
      ['teams.csv', true],
      ['readme.md', false],
    ]);
    expect(folderNameOf(files)).toBe('anorak');
    expect(folderNameOf(pickedFiles([{ file: blob('teams.csv') }]))).toBeNull();
  });

  it('adds loose files to the list, a file of the same path replacing the old one', () => {
    const first = pickedFiles([{ file: blob('teams.csv', 'a') }, { file: blob('venues.csv') }]);
    const merged = mergeFiles(first, pickedFiles([{ file: blob('teams.csv', 'abc') }]));
    expect(merged.map((file) => [file.name, file.size])).toEqual([
      ['teams.csv', 3],
      ['venues.csv', 8],
    ]);
  });

  it('refuses before sending, in Chinese: no CSV, too many files, too large, duplicates', () => {
    expect(checkFolder(folder('x', 'readme.md'))).toEqual([
      '所选文件中没有 CSV 文件，请选择 Tabbycat 的导入文件夹或其中的 CSV 文件',
    ]);
    const many = folder('x', ...Array.from({ length: 31 }, (_, i) => `f${i}.csv`));
    expect(checkFolder(many)).toEqual(['文件过多：最多 30 个，现在有 31 个']);
    const big = pickedFiles([
      { file: blob('teams.csv', TABBYCAT_LIMITS.fileBytes + 1), path: 'x/teams.csv' },
      ...Array.from({ length: 4 }, (_, i) => ({
        file: blob(`f${i}.csv`, TABBYCAT_LIMITS.fileBytes),
        path: `x/f${i}.csv`,
      })),
    ]);
    expect(checkFolder(big)).toEqual(['「x/teams.csv」过大：每个文件最多 2 MB', '文件合计超过 8 MB']);
    const twice = pickedFiles([
      { file: blob('teams.csv'), path: 'x/a/teams.csv' },
      { file: blob('teams.csv'), path: 'x/b/teams.csv' },
    ]);
    expect(checkFolder(twice)).toEqual(['有两个名为「teams.csv」的文件，请只保留一个']);
    expect(checkFolder(folder('x', 'teams.csv', 'notes.txt'))).toEqual([]);
  });

  it('reads UTF-8 (without its byte-order mark), and GB 18030 when a file is not UTF-8', async () => {
    const utf8 = new TextEncoder().encode('\uFEFFname\n复旦大学\n');
    expect(decodeText(utf8.buffer)).toBe('name\n复旦大学\n');
    // 复旦 in GB 18030.
    const gbk = new Uint8Array([0x6e, 0x0a, 0xb8, 0xb4, 0xb5, 0xa9, 0x0a]);
    expect(decodeText(gbk.buffer)).toBe('n\n复旦\n');
    const read = await readFolder(folder('x', 'teams.csv', 'readme.md'));
    expect(read).toEqual({ ok: true, files: { 'teams.csv': 'a,b\n1,2\n' } });
  });

  it('says sizes briefly', () => {
    expect([formatBytes(356), formatBytes(12_700), formatBytes(1024 * 1024 * 1.25)]).toEqual([
      '356 B',
      '12.4 KB',
      '1.3 MB',
    ]);
  });
});

describe('a refused import', () => {
  const refusal = {
    data: {
      reason: 'import-invalid',
      details: {
        errors: [
          {
            file: 'speakers.csv',
            row: 2,
            column: 'use_institution_prefix',
            message: 'speakers.csv 第 2 行：应为 TRUE',
          },
          { file: 'institutions.csv', row: 2, column: 'code', message: 'institutions.csv 第 2 行：代码重复' },
          {
            file: 'speakers.csv',
            row: 1,
            column: 'institution',
            message: 'speakers.csv 第 1 行：机构不存在',
          },
          { file: 'teams.csv', row: null, message: 'teams.csv：找不到队伍' },
        ],
      },
    },
  };

  it('groups the errors per file, rows in order, each without the place its message starts with', () => {
    const errors = importErrorsOf(refusal)!;
    expect(groupErrors(errors)).toEqual([
      {
        file: 'speakers.csv',
        errors: [
          { row: 1, column: 'institution', text: '机构不存在' },
          { row: 2, column: 'use_institution_prefix', text: '应为 TRUE' },
        ],
      },
      { file: 'institutions.csv', errors: [{ row: 2, column: 'code', text: '代码重复' }] },
      { file: 'teams.csv', errors: [{ row: null, column: null, text: '找不到队伍' }] },
    ]);
  });

  it('is not another failure', () => {
    expect(importErrorsOf({ data: { reason: 'plan-limit', details: null } })).toBeNull();
    expect(importErrorsOf(new Error('network'))).toBeNull();
  });
});
