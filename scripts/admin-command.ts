/**
 * The admin command behind `npm run admin` (see scripts/admin.mjs): grants, revokes and lists
 * the global admin role in the hub's database. ADMIN_EMAILS grants it at run time as well, but
 * only to accounts whose owner verified the address (a mailed link, or Supabase's confirmation).
 */
import { databaseTargetFrom } from '../hub/src/app';
import { UserRepository } from '../hub/src/auth/user.repository';
import { openDatabase } from '../hub/src/db/database';
import { ConfigError, loadConfig } from '../hub/src/lib/config';

const USAGE = '用法：npm run admin -- grant <邮箱> | revoke <邮箱> | list';

async function main(args: string[]): Promise<number> {
  const [command, email] = args;
  if (
    !command ||
    ((command === 'grant' || command === 'revoke') && !email) ||
    !['grant', 'revoke', 'list'].includes(command)
  ) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(databaseTargetFrom(config));
  try {
    const users = new UserRepository(database.db);
    if (command === 'list') {
      const admins = (await users.list(10_000)).filter(
        (user) => user.isAdmin || (user.emailVerifiedAt !== null && config.ADMIN_EMAILS.includes(user.email)),
      );
      for (const admin of admins)
        console.log(`${admin.email}${admin.isAdmin ? '' : '（来自 ADMIN_EMAILS，邮箱已验证）'}`);
      if (admins.length === 0) console.log('还没有管理员。');
      return 0;
    }
    const updated = await users.setAdmin(email!, command === 'grant');
    if (!updated) {
      console.error(`找不到账号 ${email}：请先用这个邮箱注册或登录一次。`);
      return 1;
    }
    console.log(command === 'grant' ? `已授予 ${email} 管理员权限。` : `已撤销 ${email} 的管理员权限。`);
    if (command === 'revoke' && config.ADMIN_EMAILS.includes(email!.toLowerCase())) {
      console.log('注意：这个邮箱仍在 ADMIN_EMAILS 中，验证过邮箱后运行时依然是管理员。');
    }
    return 0;
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
