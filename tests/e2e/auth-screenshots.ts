/**
 * Screenshots of the sign-in page and /home at desktop and phone sizes, light and dark:
 * `node --import tsx tests/e2e/auth-screenshots.ts [outDir]` (default /tmp/shots).
 */
import { mkdirSync } from 'node:fs';
import { startHub } from '../support/hub';
import { launchBrowser, openPage } from './support/browser';

const outDir = process.argv[2] ?? '/tmp/shots';
mkdirSync(outDir, { recursive: true });
const hub = await startHub();
const browser = await launchBrowser();
try {
  const { token, user } = await hub.services.auth.signUp(
    { email: 'zhang.wei@bianshi.test', password: 'correct horse battery', displayName: '张伟' },
    'shots',
  );
  const made = await hub.services.timers.create({ name: '华语辩论世界杯 · 半决赛', ownerId: user.id });
  await hub.services.timers.create({ name: '校赛初赛 A 场', ownerId: user.id, formatId: 'bp' });
  const shared = await hub.services.timers.create({ name: '新生杯 评委席' });
  await hub.services.members.putMember(shared.timer.id, user.id, 'judge');
  void made;
  for (const [label, viewport] of [
    ['desktop', { width: 1920, height: 1080 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page } = await openPage(browser, { viewport, colorScheme });
      await page.goto(`${hub.url}/auth/login`);
      await page.getByRole('heading', { name: '登录辩时' }).waitFor();
      await page.screenshot({ path: `${outDir}/auth-login-${label}-${colorScheme}.png` });
      await context.addCookies([
        { name: 'bs-session', value: token, url: hub.url, httpOnly: true, sameSite: 'Lax' },
      ]);
      await page.goto(`${hub.url}/home`);
      await page.locator('.home-timer').first().waitFor();
      await page.screenshot({ path: `${outDir}/auth-home-${label}-${colorScheme}.png`, fullPage: true });
      await context.close();
    }
  }
  console.log(`screenshots in ${outDir}`);
} finally {
  await browser.close();
  await hub.close();
}
