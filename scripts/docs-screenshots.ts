/**
 * Screenshots for the docs, taken from a running hub:
 *   node --import tsx scripts/docs-screenshots.ts [hub-url]   (default http://localhost:3000)
 * Creates a timer through /api/v1, then saves the create page, the console, the projector
 * display and the lobby page into content/docs/images/ (1280×800, light; the display is dark).
 * Rebuild (npm run build) to publish them.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const base = (process.argv[2] ?? 'http://localhost:3000').replace(/\/+$/, '');
const outDir = join(import.meta.dirname, '../content/docs/images');
mkdirSync(outDir, { recursive: true });

const created = (await (
  await fetch(`${base}/api/v1/timers`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ formatId: 'cn-worldcup', name: '文档示例：校赛决赛' }) })
).json()) as { controlKey: string; urls: { display: string; manage: string } };
if (!created.urls) throw new Error(`creating the example timer failed: ${JSON.stringify(created)}`);
const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, base);
const timerId = created.urls.display.split('/').pop() ?? '';
// Past the cover and intro stages, to the first speech, so the pictures show a clock.
await fetch(`${base}/api/v1/timers/${timerId}/commands`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${created.controlKey}` },
  body: JSON.stringify({ type: 'goto', stageIndex: 3 }),
});

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', locale: 'zh-CN' });
  const page = await context.newPage();
  const shoot = async (name: string, url: string, ready: string) => {
    await page.goto(url);
    await page.locator(ready).first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(800);
    await page.screenshot({ path: join(outDir, `${name}.png`) });
    console.log(`saved ${name}.png`);
  };
  await shoot('create', `${base}/create`, 'h1');
  const manage = local(created.urls.manage);
  await shoot('console', manage.includes('#key=') ? manage : `${manage}#key=${created.controlKey}`, 'button:has-text("开始")');
  await shoot('display', local(created.urls.display), '[role="timer"]');
  await shoot('lobby', `${base}/lobby`, 'h1');
  await context.close();
} finally {
  await browser.close();
}
