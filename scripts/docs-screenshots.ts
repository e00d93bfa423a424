/**
 * Screenshots for the docs, taken from the running product so they stay true:
 *   npm run build && node --import tsx scripts/docs-screenshots.ts [only,these,names]
 * Starts a hub in this process (PGlite in memory, serving the built client), seeds it through
 * its own API as an organizer would (an account, a timer with a finished match and its record,
 * a school and team, a tournament with teams, judges, a seeded draw, a published round with a
 * released topic, a confirmed ballot and two running clocks, a workbench project, a flow sheet),
 * types into the editors through the pages, and saves each picture into content/docs/images/ as
 * WebP (1280×800, light; the judge's ballot at 390×844; encoded by Chromium itself).
 * Rebuild (npm run build) to publish them.
 */
import { getBuiltinFormat } from '@bianshi/shared';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { createAccount, type TestAccount } from '../tests/support/accounts';
import { startHub } from '../tests/support/hub';

const outDir = join(import.meta.dirname, '../content/docs/images');
mkdirSync(outDir, { recursive: true });
const only = process.argv[2]?.split(',').filter(Boolean);
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const WAIT = { timeout: 30_000 };
const SLUG = 'docs-demo';
const CIRCUIT = join(import.meta.dirname, '../tests/fixtures/tabbycat/circuit24');

const TEAMS_CSV = [
  '队名,学校,辩手,种子',
  '示例大学,示例大学,张一;张二;张三;张四,1',
  '东岸学院,东岸学院,李一;李二;李三;李四,2',
  '西山大学,西山大学,王一;王二;王三;王四,',
  '南湖大学,南湖大学,赵一;赵二;赵三;赵四,',
  '北港大学,北港大学,陈一;陈二;陈三;陈四,',
  '中原学院,中原学院,刘一;刘二;刘三;刘四,',
  '海滨大学,海滨大学,周一;周二;周三;周四,',
  '云岭大学,云岭大学,吴一;吴二;吴三;吴四,',
].join('\r\n');

const hub = await startHub({ env: { LOG_LEVEL: 'warn' } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const owner = await createAccount(hub, 'docs');
  const api = owner.client;

  // A school and a team of the library, and a timer whose finished match is theirs.
  const school = await api.library.schools.add.mutate({
    school: { name: '示例大学', shortName: '示大', region: '上海', country: '中国' },
  });
  const schoolId = (school as { id: string }).id;
  const team = await api.library.schools.addTeam.mutate({
    team: {
      schoolId,
      name: '示例大学辩论队',
      season: '2026',
      members: ['张一', '张二', '张三', '张四'].map((name, i) => ({ name, position: i + 1 })),
    },
  });
  const timer = await api.timer.create.mutate({ formatId: 'cn-worldcup', name: '文档示例：校赛决赛' });
  await api.manage.updateSettings.mutate({
    timerId: timer.id,
    section: 'teams',
    value: {
      aff: {
        name: '示例大学辩论队',
        school: '示例大学',
        debaters: ['张一', '张二', '张三', '张四'],
        teamId: team.id,
        schoolId,
      },
      neg: { name: '东岸学院辩论队', school: '东岸学院', debaters: ['李一', '李二', '李三', '李四'] },
    },
  });
  const [starter] = await hub.services.library.topics.all();
  if (starter) await api.library.topics.useInTimer.mutate({ timerId: timer.id, topicId: starter.id });
  const command = (type: 'next' | 'start' | 'pause' | 'finish', timerId = timer.id) =>
    api.timer.command.mutate({ timerId, command: { type } });
  await api.timer.command.mutate({ timerId: timer.id, command: { type: 'goto', stageIndex: 3 } });
  // Three speeches of a believable length: each clock runs, and an adjustment stands for the
  // minutes a real speech takes (no waiting in real time).
  for (const usedMs of [85_000, 78_000, 92_000]) {
    await command('start');
    await command('pause');
    await api.timer.command.mutate({ timerId: timer.id, command: { type: 'adjust', deltaMs: -usedMs } });
    await command('next');
  }
  await command('finish');

  // A tournament: teams from CSV, four judges, a seeded draw, round 1 published with its topic.
  const { id: tournamentId } = await api.tournament.create.mutate({
    tournament: {
      name: '2026 华语辩论世界杯 · 文档示例赛区',
      slug: SLUG,
      season: '2026',
      venues: ['一号厅', '二号厅', '三号厅', '四号厅'],
      judgesPerFixture: 1,
    },
  });
  await api.tournament.importTeams.mutate({ tournamentId, import: { source: 'csv', text: TEAMS_CSV } });
  for (const name of ['张老师', '王老师', '陈老师', '刘老师'])
    await api.tournament.addJudge.mutate({ tournamentId, judge: { name, conflicts: [] } });
  await api.tournament.generateDraw.mutate({ tournamentId, draw: { poolCount: 2, seed: 'docs-2026' } });
  let view = await api.tournament.get.query({ slug: SLUG });
  const round = view.rounds[0]!;
  await api.tournament.publishRound.mutate({ tournamentId, roundId: round.id });
  if (starter) {
    await api.tournament.setTopic.mutate({
      tournamentId,
      roundId: round.id,
      topicId: starter.id,
      releaseAt: null,
    });
    await api.tournament.releaseTopic.mutate({ tournamentId, roundId: round.id });
  }
  view = await api.tournament.get.query({ slug: SLUG });
  const fixtures = view.rounds[0]!.fixtures;
  const tokenOf = (fixture: (typeof fixtures)[number]) =>
    view.judges.find((judge) => judge.id === fixture.judgeIds[0])!.ballotToken!;
  // Ballots open once the speeches are over: the first match moves on to 公布结果, its last stage.
  await api.timer.command.mutate({
    timerId: fixtures[0]!.timerId!,
    command: { type: 'goto', stageIndex: getBuiltinFormat('cn-worldcup')!.stages.length - 1 },
  });
  await api.tournament.submitBallot.mutate({
    token: tokenOf(fixtures[0]!),
    fixtureId: fixtures[0]!.id,
    submissionId: `docs-${Date.now().toString(36)}`,
    ballot: {
      winner: 'aff',
      speakerScores: { aff: [82, 80, 81, 85], neg: [79, 78, 80, 77] },
      bestDebater: { side: 'aff', position: 4 },
    },
  });
  for (const fixture of fixtures.slice(1, 3)) {
    await api.timer.command.mutate({ timerId: fixture.timerId!, command: { type: 'goto', stageIndex: 3 } });
    await command('start', fixture.timerId!);
  }

  // A workbench project with a document, and a flow sheet.
  const project = await api.workbench.create.mutate({
    kind: 'workbench',
    name: '新生杯 初赛',
    team: '示例大学辩论队',
    motion: starter?.text ?? '',
  });
  const flow = await api.workbench.create.mutate({
    kind: 'flow',
    name: '决赛 正方 vs 反方',
    mode: 'personal',
    formatId: 'cn-worldcup',
  });

  // A tab director's own tournament (a trial account holds one): our 24-team circuit folder,
  // imported through the import screen (tab-import) or the API, round 1 played, round 2
  // power-paired; playAndBreak plays rounds 2 and 3 and breaks 8.
  const director = await createAccount(hub, 'docs-tab');
  let circuit: { slug: string; playAndBreak(): Promise<void> } | null = null;
  const circuitTournament = async () => {
    if (circuit) return circuit;
    let [mine] = await director.client.tournament.list.query({ scope: 'mine' });
    if (!mine) {
      const files = Object.fromEntries(
        readdirSync(CIRCUIT).map((file) => [file, readFileSync(join(CIRCUIT, file), 'utf8')]),
      );
      await director.client.tournament.importTabbycat.mutate({ name: '2026 湖畔公开赛', files });
      [mine] = await director.client.tournament.list.query({ scope: 'mine' });
    }
    const { id, slug } = mine!;
    const tab = director.client.tournament;
    const rounds = async () => (await tab.get.query({ slug })).rounds;
    const draw = async (index: number) =>
      tab.drawRound.mutate({
        tournamentId: id,
        draw: { roundId: (await rounds())[index]!.id, seed: `docs-r${index + 1}`, pullup: 'bottom' },
      });
    const publishAndScore = async (index: number) => {
      await tab.publishRound.mutate({ tournamentId: id, roundId: (await rounds())[index]!.id });
      for (const [at, fixture] of (await rounds())[index]!.fixtures.entries())
        await tab.editResult.mutate({
          tournamentId: id,
          fixtureId: fixture.id,
          result:
            at % 2
              ? { winner: 'neg', votes: { aff: 1, neg: 2 } }
              : { winner: 'aff', votes: { aff: 3, neg: 0 } },
        });
    };
    await draw(0);
    await publishAndScore(0);
    await draw(1);
    circuit = {
      slug,
      async playAndBreak() {
        await publishAndScore(1);
        await draw(2);
        await publishAndScore(2);
        await tab.createKnockout.mutate({ tournamentId: id, knockout: { advancePerPool: 8 } });
      },
    };
    return circuit;
  };

  const contexts: BrowserContext[] = [];
  const pageFor = async (viewport = DESKTOP, signedIn: TestAccount | null = owner): Promise<Page> => {
    const context = await browser.newContext({
      viewport,
      colorScheme: 'light',
      locale: 'zh-CN',
      deviceScaleFactor: 1,
    });
    contexts.push(context);
    if (signedIn) {
      const [name = '', value = ''] = signedIn.cookie.split('=');
      await context.addCookies([{ name, value, url: hub.url, httpOnly: true, sameSite: 'Lax' }]);
    }
    return context.newPage();
  };
  /** Saves what `page` shows (its top `height` pixels, when given) as WebP, encoded by the page's own canvas. */
  const save = async (page: Page, name: string, height?: number, element?: Locator) => {
    // Settled: no request in flight and every web font drawn.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const viewport = page.viewportSize()!;
    let clip = height ? { x: 0, y: 0, width: viewport.width, height } : undefined;
    if (element) {
      // The element from its top (at most `height` tall), the site's sticky header out of the way.
      await page.evaluate(() => {
        document.querySelectorAll<HTMLElement>('body > #root header').forEach((header) => {
          header.style.position = 'static';
        });
      });
      const box = (await element.boundingBox())!;
      clip = { x: box.x, y: box.y, width: box.width, height: Math.min(box.height, height ?? box.height) };
    }
    const png = (await page.screenshot(clip ? { clip, fullPage: true } : {})).toString('base64');
    const webp = await page.evaluate(async (data) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      canvas.getContext('2d')!.drawImage(image, 0, 0);
      return canvas.toDataURL('image/webp', 0.82).split(',')[1]!;
    }, png);
    writeFileSync(join(outDir, `${name}.webp`), Buffer.from(webp, 'base64'));
    console.log(`saved ${name}.webp`);
  };
  const shots: Record<string, () => Promise<void>> = {
    async create() {
      const page = await pageFor(DESKTOP, null);
      await page.goto(`${hub.url}/create`);
      await page.locator('.create-format').first().waitFor(WAIT);
      await save(page, 'create');
    },
    async console() {
      const running = fixtures[1]!.timerId!;
      const page = await pageFor();
      await page.goto(
        `${hub.url}/timer/manage/${(await api.timer.get.query({ id: running })).timer.shortid}`,
      );
      await page.getByRole('button', { name: /暂停/ }).first().waitFor(WAIT);
      await save(page, 'console');
    },
    async display() {
      const page = await pageFor(DESKTOP, null);
      await page.goto(`${hub.url}/timer/${fixtures[1]!.timerId}`);
      await page.locator('[role="timer"]').first().waitFor(WAIT);
      await save(page, 'display');
    },
    async lobby() {
      const page = await pageFor();
      await page.goto(`${hub.url}/lobby`);
      await page.locator('h1').first().waitFor(WAIT);
      await save(page, 'lobby');
    },
    async 'worldcup-console'() {
      const page = await pageFor();
      await page.goto(`${hub.url}/worldcup/${SLUG}/manage`);
      await page.getByTestId('tm-console').waitFor(WAIT);
      await page.locator('[data-testid="tm-team-table"] tbody tr').first().waitFor(WAIT);
      // The rounds: each fixture with its venue, judge, status, ballots and result.
      await page.getByText('轮次与赛果', { exact: true }).first().click();
      await page.getByTestId('tm-round-card').first().waitFor(WAIT);
      // Past the judges' private links above the rounds.
      await page.mouse.wheel(0, 140);
      await save(page, 'worldcup-console');
    },
    async 'worldcup-fixtures'() {
      const page = await pageFor(DESKTOP, null);
      await page.goto(`${hub.url}/worldcup/${SLUG}`);
      await page.locator('[role="timer"]').first().waitFor(WAIT);
      await save(page, 'worldcup-fixtures');
    },
    async 'worldcup-live'() {
      const page = await pageFor(DESKTOP, null);
      await page.goto(`${hub.url}/worldcup/${SLUG}/live`);
      await page.locator('[data-testid="tw-tile"] [role="timer"]').first().waitFor(WAIT);
      await save(page, 'worldcup-live');
    },
    async 'worldcup-ballot'() {
      const page = await pageFor(PHONE, null);
      await page.goto(`${hub.url}/worldcup/ballot/${tokenOf(fixtures[1]!)}`);
      await page.getByRole('button', { name: '提交评分' }).waitFor(WAIT);
      await save(page, 'worldcup-ballot');
    },
    async 'tab-import'() {
      const page = await pageFor(DESKTOP, director);
      await page.goto(`${hub.url}/worldcup/new/tabbycat`);
      await page.getByTestId('tbi-folder').setInputFiles(CIRCUIT);
      await page.getByTestId('tbi-files').waitFor(WAIT);
      await page.locator('input[name="name"]').fill('2026 湖畔公开赛');
      await page.getByTestId('tbi-submit').click();
      await page.getByTestId('tbi-done').waitFor(WAIT);
      await save(page, 'tab-import');
    },
    async 'tab-round-draw'() {
      const circuit = await circuitTournament();
      const page = await pageFor(DESKTOP, director);
      await page.goto(`${hub.url}/worldcup/${circuit.slug}/manage`);
      const card = page.getByTestId('tm-round-card').nth(1);
      await card.getByTestId('tm-fixture-bracket').first().waitFor(WAIT);
      await save(page, 'tab-round-draw', 760, card);
    },
    async 'tab-break'() {
      const circuit = await circuitTournament();
      await circuit.playAndBreak();
      const page = await pageFor(DESKTOP, director);
      await page.goto(`${hub.url}/worldcup/${circuit.slug}/manage#tm-knockout`);
      const section = page.getByTestId('tm-section-knockout');
      await section.getByTestId('bracket').waitFor(WAIT);
      await save(page, 'tab-break', undefined, section);
    },
    async topics() {
      const page = await pageFor(DESKTOP, null);
      await page.goto(`${hub.url}/topic`);
      await page.getByTestId('topic-card').first().waitFor(WAIT);
      await save(page, 'topics');
    },
    async school() {
      const page = await pageFor(DESKTOP, null);
      await page.goto(`${hub.url}/schools/${schoolId}`);
      await page.getByTestId('school-records').locator('a').first().waitFor(WAIT);
      await save(page, 'school');
    },
    async record() {
      const page = await pageFor();
      await page.goto(`${hub.url}/record/${timer.matchId}`);
      await page.getByTestId('record-chart').waitFor(WAIT);
      await save(page, 'record');
    },
    async workbench() {
      const page = await pageFor();
      await page.goto(`${hub.url}/workbench/${project.projectId}`);
      await page.getByRole('status').filter({ hasText: '已同步' }).waitFor(WAIT);
      const editor = page.locator('.wb-prose');
      await editor.click();
      await page.keyboard.type('我方认为，城市应当限制私家车出行。');
      await page.keyboard.press('Enter');
      await page.keyboard.type('论点一：公共交通的效率更高。');
      await editor.locator('p', { hasText: '我方认为' }).click({ clickCount: 3 });
      await page.getByRole('button', { name: '评论选中的文字' }).click();
      await page.getByLabel('写下你的评论…').fill('这里需要数据支撑');
      await page.getByRole('button', { name: '发表评论' }).click();
      await page.locator('.wb-comment', { hasText: '这里需要数据支撑' }).waitFor(WAIT);
      await save(page, 'workbench');
    },
    async flow() {
      const page = await pageFor();
      await page.goto(`${hub.url}/ccf/${flow.projectId}`);
      await page.getByRole('status').filter({ hasText: '已同步' }).waitFor(WAIT);
      await page
        .getByRole('button', { name: /添加论点$/ })
        .first()
        .click();
      await page.keyboard.type('限行减少拥堵');
      await page.keyboard.press('Enter');
      await page.keyboard.type('公共交通效率更高');
      await page.keyboard.press('Control+e');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Tab');
      await page.keyboard.type('拥堵的主因是道路规划');
      await page.locator('body').click({ position: { x: 5, y: 5 } });
      await save(page, 'flow', 440);
    },
    async buy() {
      const page = await pageFor();
      await page.goto(`${hub.url}/buy`);
      await page.getByRole('button', { name: '提交订单' }).waitFor(WAIT);
      await save(page, 'buy');
    },
    async cdkey() {
      const page = await pageFor();
      await page.goto(`${hub.url}/buy/cdkey`);
      await page.getByRole('button', { name: '兑换' }).waitFor(WAIT);
      await save(page, 'cdkey');
    },
    async 'ai-contact'() {
      const page = await pageFor(DESKTOP, null);
      await page.goto(`${hub.url}/ai/contact`);
      await page.getByRole('textbox', { name: '你的问题' }).fill('兑换码怎么用？');
      await page.getByRole('button', { name: '提问' }).click();
      await page.locator('[data-testid="ai-answer"][data-state="done"]').waitFor(WAIT);
      await save(page, 'ai-contact');
    },
    async 'ai-ccf'() {
      const page = await pageFor();
      await page.goto(`${hub.url}/ai/ccf`);
      await page.getByRole('textbox', { name: '辩题' }).fill('城市应当限制私家车出行');
      await page.getByRole('button', { name: '生成框架' }).click();
      await page.getByTestId('ai-outline').waitFor(WAIT);
      await save(page, 'ai-ccf');
    },
  };
  for (const [name, shoot] of Object.entries(shots)) {
    if (only && !only.includes(name)) continue;
    await shoot();
  }
  for (const context of contexts) await context.close();
} finally {
  await browser.close();
  await hub.close();
}
