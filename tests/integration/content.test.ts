/**
 * The content site end to end on the hub: the build (and its failure on a bad front matter), the
 * query API's rules, version hashes, prerendered pages, sitemap/robots, and the analytics
 * collector with its CSP.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_FORMATS } from '@bianshi/shared';
import { compileContent, ContentBuildError } from '../../client/build/content/compile';
import { writeSite } from '../../client/build/content/write';
import { startHub, type TestHub } from '../support/hub';

const root = join(import.meta.dirname, '../..');
const readmePath = join(root, 'README.md');
const INDEX_HTML =
  '<!doctype html><html lang="zh-CN"><head><meta name="description" content="默认描述" /><title>辩时 | 专业辩论比赛计时软件</title></head><body><div id="root"></div></body></html>';

describe('content build', () => {
  it('fails on a bad front matter, naming the file, the field and the reason (the CLI the client build runs)', () => {
    const out = mkdtempSync(join(tmpdir(), 'content-bad-'));
    try {
      const result = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          join(root, 'client/build/content/cli.ts'),
          out,
          join(root, 'tests/fixtures/content-bad'),
        ],
        { cwd: root, encoding: 'utf8' },
      );
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('content/docs/1.broken.md: front matter "title":');
      expect(result.stderr).toContain('content/docs/1.broken.md: front matter "navigation":');
      expect(result.stderr).toMatch(
        /content\/posts\/bad-date\.md: front matter "date": 应为 YYYY-MM-DD 日期/,
      );
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);

  it('lists every problem in one error', async () => {
    const error = await compileContent({
      contentDir: join(root, 'tests/fixtures/content-bad'),
      readmePath,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentBuildError);
    expect((error as ContentBuildError).problems.some((p) => p.startsWith('content/docs/1.broken.md'))).toBe(
      true,
    );
    expect((error as ContentBuildError).problems).toContain('content/index.md: missing');
  });

  it('changes a collection version only when its content changes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'content-copy-'));
    try {
      cpSync(join(root, 'content'), dir, { recursive: true });
      const before = await compileContent({ contentDir: dir, readmePath });
      const faq = join(dir, 'docs/10.faq.md');
      writeFileSync(faq, `${readFileSync(faq, 'utf8')}\n\n## 新问题\n\n新的回答。\n`);
      const after = await compileContent({ contentDir: dir, readmePath });
      expect(before.manifest.versions.docs).toMatch(/^v3\.5\.0--[0-9a-f]{12}$/);
      expect(after.manifest.versions.docs).not.toBe(before.manifest.versions.docs);
      expect(after.manifest.versions.index).toBe(before.manifest.versions.index);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the real content', () => {
  let site: Awaited<ReturnType<typeof compileContent>>;
  beforeAll(async () => {
    site = await compileContent({ contentDir: join(root, 'content'), readmePath });
  }, 60_000);

  it('documents every built-in format with every stage, generated from the library', () => {
    const page = site.collections.docs.items.find((p) => p.path === '/docs/formats/formats') as
      { body: { html: string } } | undefined;
    expect(page).toBeDefined();
    const html = page!.body.html;
    for (const format of BUILTIN_FORMATS) {
      expect(html).toContain(format.name);
      for (const stage of format.stages) expect(html).toContain(stage.name);
    }
  });

  it('quotes figures from data: the format count from the library, sync from the README table', () => {
    const index = site.collections.index.items[0] as { hero: { stats: { value: string; label: string }[] } };
    const readme = readFileSync(readmePath, 'utf8');
    const flipRow = readme.split('\n').find((line) => line.startsWith('| Flip skew')) ?? '';
    expect(index.hero.stats[0]).toMatchObject({ value: String(BUILTIN_FORMATS.length), label: '内置赛制' });
    expect(flipRow).toContain(`p99 ${index.hero.stats[1]?.value}`);
    expect(JSON.stringify(site.collections)).not.toContain('{{');
  });

  it('builds the docs tree in stem order with the prefixes stripped', () => {
    expect(site.navigation.map((n) => n.title)).toEqual([
      '入门',
      '比赛现场',
      '赛制',
      '世界杯',
      '辩题库、学校与记录',
      '工作台与流程单',
      '账号与购买',
      'AI',
      '开发与运维',
      '常见问题',
    ]);
    expect(site.navigation[0]?.children?.map((c) => c.path)).toEqual([
      '/docs/getting-started/quick-start',
      '/docs/getting-started/create-timer',
    ]);
  });

  it('has real docs for every topic the product needs', () => {
    const titles = site.collections.docs.items.map((p) => p.title);
    for (const title of [
      '快速开始',
      '创建计时器',
      '控制台与快捷键',
      '大屏与投影',
      '大厅与多屏',
      '赛制与自定义赛制',
      '离线模式',
      '世界杯：举办一届赛事',
      '评委与手机评分',
      '辩题库',
      '学校与比赛记录',
      '备赛工作台',
      '流程单',
      '账号与成员',
      '购买、兑换码与发票',
      'AI 客服、立论助手与规则识别',
      '集成 API',
      '自托管与多节点部署',
      '常见问题',
    ]) {
      expect(titles).toContain(title);
    }
  });
});

describe('content on the hub', () => {
  let dist: string;
  let hub: TestHub;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'content-dist-'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeSite(await compileContent({ contentDir: join(root, 'content'), readmePath }), dist);
    hub = await startHub({
      env: { CLIENT_DIST: dist, SITE_URL: 'https://bianshi.example', ANALYTICS_WEBSITE_ID: 'site-1' },
    });
  }, 90_000);
  afterAll(async () => {
    await hub?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const query = (collection: string, body: unknown) =>
    fetch(`${hub.url}/api/content/${collection}/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('serves a docs page as HTML with the article, title, description, canonical and Open Graph tags', async () => {
    const response = await fetch(`${hub.url}/docs/match-day/console/?utm_source=x&page=2`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>控制台与快捷键 | 专业辩论比赛计时软件</title>');
    expect(html).toContain(
      '<link rel="canonical" href="https://bianshi.example/docs/match-day/console?page=2" />',
    );
    expect(html).toContain('<meta name="description" content="控制台的每个按钮和键盘快捷键');
    expect(html).toContain('<meta property="og:title" content="控制台与快捷键 | 专业辩论比赛计时软件" />');
    expect(html).toMatch(
      /<div id="root"><main id="main" class="prerendered"><article><h1>控制台与快捷键<\/h1>/,
    );
    expect(html).toContain('只有打开过控制链接的浏览器');
    expect(html).toContain('id="bs-payload"');
  });

  it('prerenders the landing page, the changelog and about', async () => {
    const landing = await (await fetch(`${hub.url}/`)).text();
    expect(landing).toContain('<title>辩时 | 专业辩论比赛计时软件</title>');
    expect(landing).toContain(`<strong>${BUILTIN_FORMATS.length}</strong> 内置赛制`);
    const changelog = await (await fetch(`${hub.url}/changelog`)).text();
    expect(changelog).toContain('<title>更新日志 | 专业辩论比赛计时软件</title>');
    expect(changelog).toContain('2026-11-27');
    expect(await (await fetch(`${hub.url}/about`)).text()).toContain('为什么所有屏幕能同一秒翻页');
    // Not a content page: the plain app shell.
    expect(await (await fetch(`${hub.url}/lobby`)).text()).toContain('<div id="root"></div>');
  });

  it('answers queries ordered by stem, with the collection version', async () => {
    const response = await query('docs', { select: ['stem', 'title'] });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { version: string; items: { stem: string }[] };
    expect(body.version).toMatch(/^v3\.5\.0--/);
    const stems = body.items.map((i) => i.stem);
    expect(stems).toEqual([...stems].sort());
    expect(response.headers.get('etag')).toContain(body.version);
    const again = await fetch(`${hub.url}/api/content/docs/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'if-none-match': response.headers.get('etag') ?? '' },
      body: JSON.stringify({ select: ['stem', 'title'] }),
    });
    expect(again.status).toBe(304);
  });

  it('filters through GET and POST', async () => {
    const get = await fetch(
      `${hub.url}/api/content/docs?where=${encodeURIComponent(JSON.stringify([{ field: 'title', operator: 'LIKE', value: '%大屏%' }]))}`,
    );
    expect(((await get.json()) as { items: { title: string }[] }).items.map((i) => i.title)).toEqual([
      '大屏与投影',
    ]);
    const post = await query('posts', {
      where: [{ field: 'date', operator: 'BETWEEN', value: ['2026-01-01', '2026-12-31'] }],
    });
    expect(((await post.json()) as { items: unknown[] }).items).toHaveLength(1);
  });

  it.each([
    [{ where: [{ field: 'title', operator: 'IN', value: 'x' }] }, '条件 #1（title IN）需要一个数组'],
    [
      {
        where: [
          { field: 'title', operator: '=', value: 'x' },
          { field: 'title', operator: 'NOT IN', value: 'x' },
        ],
      },
      '条件 #2（title NOT IN）需要一个数组',
    ],
    [
      { where: [{ field: 'date', operator: 'BETWEEN', value: ['2026-01-01'] }] },
      '条件 #1（date BETWEEN）需要恰好两个元素的数组',
    ],
    [
      { where: [{ field: 'date', operator: 'NOT BETWEEN', value: [1, 2, 3] }] },
      '条件 #1（date NOT BETWEEN）需要恰好两个元素的数组',
    ],
  ])('refuses %j with a 400 naming the condition', async (body, message) => {
    const response = await query('docs', body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(message);
  });

  it('refuses unknown collections and broken JSON', async () => {
    expect((await fetch(`${hub.url}/api/content/nope`)).status).toBe(404);
    expect((await fetch(`${hub.url}/api/content/docs?where=[`)).status).toBe(400);
  });

  it('publishes sitemap.xml and robots.txt from SITE_URL', async () => {
    const sitemap = await (await fetch(`${hub.url}/sitemap.xml`)).text();
    expect(sitemap).toContain('<loc>https://bianshi.example/docs/match-day/console</loc>');
    expect(sitemap).toContain('<loc>https://bianshi.example/changelog</loc>');
    expect(await (await fetch(`${hub.url}/robots.txt`)).text()).toContain(
      'Sitemap: https://bianshi.example/sitemap.xml',
    );
  });

  it('collects Umami-style events for its website id, recording unnamed events as unknown', async () => {
    const send = (body: unknown) =>
      fetch(`${hub.url}/api/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 test' },
        body: JSON.stringify(body),
      });
    const payload = {
      website: 'site-1',
      url: '/docs?x=1',
      title: '文档',
      referrer: 'https://search.example/q',
      hostname: 'bianshi.example',
      language: 'zh-CN',
      screen: '1920x1080',
    };
    expect((await send({ type: 'event', payload })).status).toBe(200);
    expect((await send({ type: 'event', payload: { ...payload, name: '' } })).status).toBe(200);
    expect((await send({ type: 'event', payload: { ...payload, website: 'other' } })).status).toBe(400);
    expect((await send({ type: 'nonsense', payload })).status).toBe(400);
    const summary = await hub.services.analytics.summary(1);
    expect(summary.totals).toEqual({ pageViews: 1, visitors: 1, events: 1 });
    expect(summary.topPages).toEqual([{ path: '/docs', pageViews: 1, visitors: 1 }]);
    expect(summary.referrers).toEqual([{ host: 'search.example', pageViews: 1 }]);
    const config = (await (await fetch(`${hub.url}/api/analytics/config`)).json()) as {
      url: string;
      websiteId: string;
    };
    expect(config).toEqual({ url: '/api/send', websiteId: 'site-1' });
  });

  it('shows the analytics summary to admins only', async () => {
    const response = await fetch(
      `${hub.url}/api/trpc/analytics.summary?input=${encodeURIComponent(JSON.stringify({ json: { days: 7 } }))}`,
    );
    expect(response.status).toBe(401);
  });
});

describe('content settings', () => {
  let dist: string;
  let hub: TestHub;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'content-dist-'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeSite(await compileContent({ contentDir: join(root, 'content'), readmePath }), dist);
    hub = await startHub({
      env: {
        CLIENT_DIST: dist,
        SITE_INDEXABLE: 'off',
        ANALYTICS_WEBSITE_ID: 'site-1',
        ANALYTICS_URL: 'https://umami.example/api/send',
      },
    });
  }, 90_000);
  afterAll(async () => {
    await hub?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('keeps search engines out when the site is not indexable', async () => {
    expect(await (await fetch(`${hub.url}/robots.txt`)).text()).toBe('User-agent: *\nDisallow: /\n');
    expect(await (await fetch(`${hub.url}/sitemap.xml`)).text()).not.toContain('<url>');
    expect(await (await fetch(`${hub.url}/docs`)).text()).toContain(
      '<meta name="robots" content="noindex, nofollow" />',
    );
  });

  it('points the tracker at an external Umami, and the CSP allows exactly that collector', async () => {
    const config = (await (await fetch(`${hub.url}/api/analytics/config`)).json()) as { url: string };
    expect(config.url).toBe('https://umami.example/api/send');
    const csp = (await fetch(`${hub.url}/docs`)).headers.get('content-security-policy') ?? '';
    const connect = csp.split(';').find((d) => d.trim().startsWith('connect-src')) ?? '';
    expect(connect.trim().split(/\s+/)).toEqual([
      'connect-src',
      "'self'",
      'ws:',
      'wss:',
      'https://umami.example',
    ]);
  });
});
