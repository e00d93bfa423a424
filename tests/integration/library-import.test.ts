/**
 * Library imports: a valid file is written, a file with one bad row writes nothing and names
 * row and column, duplicate schools merge by normalized name + region; the same through
 * `npm run import`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubError } from '../../hub/src/lib/errors';
import { startHub, type TestHub } from '../support/hub';

const HEADER = '合集,辩题,正方持方,反方持方,类型,标签,语言,赛事,轮次,年份,备注,背景资料';

describe('library imports', () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startHub();
  });
  afterAll(() => hub?.close());

  const topicsOf = async (name: string) => {
    const groups = await hub.services.library.topics.groups();
    const group = groups.find((entry) => entry.name === name);
    return group ? (await hub.services.library.topics.group(group.id)).topics : [];
  };

  it('seeds the starter library once, with sources', async () => {
    const groups = await hub.services.library.topics.groups();
    const starter = groups.find((group) => group.id === 'starter-1993-icudt');
    expect(starter).toMatchObject({ builtin: true, topicCount: 2 });
    const { topics } = await hub.services.library.topics.group('starter-1993-icudt');
    expect(topics.map((topic) => [topic.text, topic.negText, topic.source.round])).toEqual([
      ['人性本善', '人性本恶', '决赛'],
      ['温饱是谈道德的必要条件', '温饱不是谈道德的必要条件', '初赛第四场'],
    ]);
  });

  it('writes a valid CSV into the groups it names', async () => {
    const csv = [
      HEADER,
      '导入测试甲,第一题,,,政策,a;b,zh,,,2024,,',
      '导入测试甲,第二题,,,价值,,zh,,,,,',
      '导入测试乙,第三题,,,,,en,,,,,',
    ].join('\r\n');
    expect(await hub.services.library.topics.import('csv', csv, { caller: 'cli' })).toEqual({
      groups: 2,
      topics: 3,
    });
    expect(
      (await topicsOf('导入测试甲')).map((topic) => [topic.text, topic.type, topic.tags, topic.source.year]),
    ).toEqual([
      ['第一题', 'policy', ['a', 'b'], 2024],
      ['第二题', 'value', [], null],
    ]);
    expect((await topicsOf('导入测试乙')).map((topic) => topic.language)).toEqual(['en']);
  });

  it('writes nothing when one row is bad, and names its row and column', async () => {
    const csv = [HEADER, '导入测试丙,好题,,,政策,,zh,,,,,', '导入测试丙,坏题,,,辩论,,zh,,,明年,,'].join('\n');
    const error = await hub.services.library.topics
      .import('csv', csv, { caller: 'cli' })
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(HubError);
    expect((error as HubError).message).toContain('第 3 行「年份」');
    // Every error of the row, not only its first.
    expect((error as HubError).details?.errors).toEqual([
      { row: 3, column: '类型', message: '类型只能是 政策、价值 或 事实' },
      { row: 3, column: '年份', message: '年份应为四位数字，而不是「明年」' },
    ]);
    expect(await topicsOf('导入测试丙')).toEqual([]);
  });

  it('merges duplicate schools by normalized name and region, within a file and with what exists', async () => {
    const first = await hub.services.library.schools.importCsv(
      '名称,简称,地区,别名\n合并大学,合大,江苏,HBU\n合并 大学,,江苏,Hebing\n合并大学,,浙江,\n',
      null,
    );
    expect(first).toEqual({ created: 2, merged: 1 });
    const second = await hub.services.library.schools.importCsv(
      '名称,地区,网站\n合并大学（ ）,江苏,https://hb.example\n',
      null,
    );
    expect(second).toEqual({ created: 0, merged: 1 });
    const schools = await hub.services.library.schools.search({ q: '合并' });
    expect(schools).toHaveLength(2);
    expect(schools.find((school) => school.region === '江苏')).toMatchObject({
      name: '合并大学',
      shortName: '合大',
      website: 'https://hb.example',
      aliases: ['HBU', 'Hebing'],
    });
    const bad = await hub.services.library.schools
      .importCsv('名称,网站\n好大学,\n坏大学,ftp:nope\n', null)
      .catch((failure: unknown) => failure);
    expect((bad as HubError).details?.errors).toEqual([
      { row: 3, column: '网站', message: '网址无效（应以 http:// 或 https:// 开头）' },
    ]);
    expect(await hub.services.library.schools.search({ q: '好大学' })).toEqual([]);
  });

  it('normalizes aliases like names: 「 复旦 大学 」 merges into 复旦大学 and is not kept as an alias', async () => {
    const first = await hub.services.library.schools.add(
      { name: '别名大学', region: '上海', aliases: ['别名 大学', ' BMU ', 'bmu'] },
      null,
    );
    expect(first.merged).toBe(false);
    const again = await hub.services.library.schools.add(
      { name: ' 别名 大学 ', region: '上海', aliases: ['别名　大学', 'Bie  Ming'] },
      null,
    );
    expect(again).toEqual({ id: first.id, merged: true });
    const school = await hub.services.library.schools.school(first.id);
    expect(school).toMatchObject({ name: '别名大学', aliases: ['BMU', 'Bie Ming'] });
  });

  it('npm run import -- topics file.csv: imports, or writes nothing and prints every error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bianshi-import-'));
    try {
      const good = join(dir, 'good.csv');
      const bad = join(dir, 'bad.csv');
      writeFileSync(good, `\ufeff${HEADER}\n命令行合集,命令行辩题,,,事实,,zh,,,,,\n`);
      writeFileSync(bad, `${HEADER}\n命令行合集,,,,事实,,zh,,,,,\n`);
      const env = { ...process.env, DATA_DIR: join(dir, 'data'), DATABASE_URL: '', LOG_LEVEL: 'silent' };
      const run = (file: string) =>
        spawnSync('npm', ['run', '--silent', 'import', '--', 'topics', file], {
          env,
          encoding: 'utf8',
          timeout: 120_000,
        });
      const ok = run(good);
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toContain('已导入 1 个辩题（1 个合集）');
      const failed = run(bad);
      expect(failed.status).toBe(1);
      expect(failed.stderr).toContain('第 2 行「辩题」：辩题不能为空');
      expect(failed.stderr).toContain('没有写入任何内容');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
