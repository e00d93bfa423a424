/**
 * The import command behind `npm run import` (see scripts/import.mjs): topics (CSV or JSON,
 * groups named by the 合集 column) or schools (CSV, duplicates merged) into the hub's library,
 * or a Tabbycat import folder as a new tournament. Nothing is written unless every row is valid;
 * errors name the file, the row and the column.
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { TOPIC_CSV_TEMPLATE, importErrorText, type ImportError, type tabbycat } from '@bianshi/shared';
import { databaseTargetFrom } from '../hub/src/app';
import { UserRepository } from '../hub/src/auth/user.repository';
import { openDatabase, type Database } from '../hub/src/db/database';
import { ConfigError, loadConfig, type Config } from '../hub/src/lib/config';
import { HubError } from '../hub/src/lib/errors';
import { TabbycatImporter } from '../hub/src/tournaments/tabbycat-import.service';
import { TournamentRepository } from '../hub/src/tournaments/tournament.repository';
import { SchoolRepository } from '../hub/src/library/school.repository';
import { SchoolService } from '../hub/src/library/school.service';
import { TopicRepository } from '../hub/src/library/topic.repository';
import { TopicService } from '../hub/src/library/topic.service';

const USAGE = [
  '用法：npm run import -- topics <文件.csv|文件.json> | schools <文件.csv> | template',
  '      npm run import -- tabbycat <文件夹> [--name <赛事名称>] [--owner <所有者邮箱>]',
  '        读入 Tabbycat 导入文件夹中的全部文件（文件名保持原样），创建一项新赛事，',
  '        成功时在标准输出打印一个 JSON 对象；所有者默认为最早的管理员账号。',
].join('\n');

async function main(args: string[]): Promise<number> {
  if (args[0] === 'tabbycat') return importTabbycat(args.slice(1));
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

/** `tabbycat <folder> [--name <name>] [--owner <email>]`: one JSON object on stdout, or errors on stderr. */
async function importTabbycat(args: string[]): Promise<number> {
  let folder: string | undefined;
  const options: { name?: string; owner?: string } = {};
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--name' || arg === '--owner') {
      const value = args[(index += 1)];
      if (value === undefined) {
        console.error(`${arg} 后面缺少值\n${USAGE}`);
        return 2;
      }
      options[arg === '--name' ? 'name' : 'owner'] = value;
    } else if (!arg.startsWith('--') && folder === undefined) folder = arg;
    else {
      console.error(`不认识的参数「${arg}」\n${USAGE}`);
      return 2;
    }
  }
  if (!folder) {
    console.error(USAGE);
    return 2;
  }
  const files = await readFolder(folder);
  if (!files) return 1;
  const config = loadConfig();
  const database = await openDatabase(databaseTargetFrom(config));
  try {
    const ownerId = await ownerOf(database, config, options.owner);
    if (!ownerId) return 1;
    const result = await new TabbycatImporter(new TournamentRepository(database.db)).import(files, {
      name: options.name ?? basename(resolve(folder)),
      ownerId,
    });
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof HubError && error.reason === 'import-invalid') {
      const errors = (error.details?.errors ?? []) as tabbycat.ImportError[];
      console.error(`导入失败，没有写入任何内容。共 ${errors.length} 处错误：`);
      for (const entry of errors) console.error(`  ${entry.message}`);
      return 1;
    }
    if (error instanceof HubError) {
      console.error(`导入失败，没有写入任何内容：${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

/** Every file directly in `folder` (dotfiles such as `.importer` included), by its own name. */
async function readFolder(folder: string): Promise<Record<string, string> | null> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    console.error(`读取文件夹失败：${folder} 不存在或不是文件夹`);
    return null;
  }
  const files: Record<string, string> = {};
  for (const entry of entries)
    if (entry.isFile()) files[entry.name] = await readFile(join(folder, entry.name), 'utf8');
  if (Object.keys(files).length === 0) {
    console.error(`文件夹 ${folder} 中没有文件`);
    return null;
  }
  return files;
}

/**
 * The owner of the new tournament: the account of `--owner`, else the earliest admin (granted
 * with `npm run admin`, or a verified address in ADMIN_EMAILS). Null, said on stderr, when none.
 */
async function ownerOf(
  database: Database,
  config: Config,
  email: string | undefined,
): Promise<string | null> {
  const users = new UserRepository(database.db);
  if (email) {
    const user = await users.findByEmail(email.trim());
    if (!user) console.error(`找不到账号 ${email}：请先用这个邮箱注册或登录一次。`);
    return user?.id ?? null;
  }
  const admins = (await users.list(10_000))
    .filter(
      (user) => user.isAdmin || (user.emailVerifiedAt !== null && config.ADMIN_EMAILS.includes(user.email)),
    )
    .sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
  if (admins[0]) return admins[0].id;
  console.error('没有管理员账号可作为赛事所有者：请用 --owner <邮箱> 指定所有者（账号须已注册）。');
  return null;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
