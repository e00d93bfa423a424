/**
 * The import command behind `npm run import` (see scripts/import.mjs): topics (CSV or JSON,
 * groups named by the 合集 column) or schools (CSV, duplicates merged) into the hub's database.
 * Nothing is written unless every row is valid; errors name the row and the column.
 */
import { readFile } from 'node:fs/promises';
import { TOPIC_CSV_TEMPLATE, importErrorText, type ImportError } from '@bianshi/shared';
import { databaseTargetFrom } from '../hub/src/app';
import { openDatabase } from '../hub/src/db/database';
import { ConfigError, loadConfig } from '../hub/src/lib/config';
import { HubError } from '../hub/src/lib/errors';
import { SchoolRepository } from '../hub/src/library/school.repository';
import { SchoolService } from '../hub/src/library/school.service';
import { TopicRepository } from '../hub/src/library/topic.repository';
import { TopicService } from '../hub/src/library/topic.service';

const USAGE = '用法：npm run import -- topics <文件.csv|文件.json> | schools <文件.csv> | template';

async function main(args: string[]): Promise<number> {
  const [kind, file] = args;
  if (kind === 'template') {
    process.stdout.write(`\ufeff${TOPIC_CSV_TEMPLATE}`);
    return 0;
  }
  if ((kind !== 'topics' && kind !== 'schools') || !file) {
    console.error(USAGE);
    return 2;
  }
  const text = await readFile(file, 'utf8');
  const database = await openDatabase(databaseTargetFrom(loadConfig()));
  try {
    if (kind === 'topics') {
      const result = await new TopicService(new TopicRepository(database.db)).import(
        file.toLowerCase().endsWith('.json') ? 'json' : 'csv',
        text,
        { caller: 'cli' },
      );
      console.log(`已导入 ${result.topics} 个辩题（${result.groups} 个合集）。`);
    } else {
      const result = await new SchoolService(new SchoolRepository(database.db)).importCsv(text, null);
      console.log(`已导入学校：新增 ${result.created} 所，合并重复 ${result.merged} 条。`);
    }
    return 0;
  } catch (error) {
    if (error instanceof HubError && error.reason === 'import-invalid') {
      const errors = (error.details?.errors ?? []) as ImportError[];
      console.error(`导入失败，没有写入任何内容。共 ${errors.length} 处错误：`);
      for (const entry of errors) console.error(`  ${importErrorText(entry)}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
