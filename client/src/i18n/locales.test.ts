/**
 * Every zh-TW and en strings module has exactly the shape of its zh-CN module: the same keys,
 * arrays of the same length, the same `{placeholders}`, functions where zh-CN has functions. en
 * has no Chinese characters and zh-TW no simplified-only ones. A zh-CN module without a
 * counterpart must be listed in NOT_YET_TRANSLATED, and one listed there must not exist.
 */
import { describe, expect, it } from 'vitest';

type Module = Record<string, unknown>;
type Locale = 'zh-TW' | 'en';

/** zh-CN modules not translated yet, per locale: the work that remains. */
const NOT_YET_TRANSLATED: Record<Locale, readonly string[]> = {
  'zh-TW': [],
  en: [],
};

/** Strings of en that keep Chinese characters on purpose (proper names), as `module:path`. */
const EN_CJK_ALLOWED: readonly string[] = ['site:site.brand'];

/**
 * Simplified characters that are not also standard traditional ones and slip through a
 * conversion by hand. Left out on purpose: characters Taiwan writes the same (示 台 里 才 只 面
 * 干 几 着 系 范 准 斗 余 云 征 杰 松 划 表 周 占 卷 制 舍 丑 朴 咸 困 向 志 出).
 */
const SIMPLIFIED_ONLY = [
  ...'时计设类队赛组题辩评轮说这们发开关页号录间过还为么应问现长场后连网络视频载级务动态体双单钟声边数',
  ...'据报认证请选择输条显进约结统绩样会实变复杂个对从来东专业两严义乐习书买乱产亲仅价众优传伤储儿兴',
  ...'内写军农冲决况净减击则刚创删别剧办劳势区医华协卖卫却厅历压县参叠叶听启员响团园围图圆圣坏块坚',
  ...'处备头夺奋奖妇学宁宝审宽寻导将尔尝层属岁币师带帮广库废异弃张弹强归当彻径忆总恶惊惯战户护扩',
  ...'扫扬扰抢担拟拥挂挡挤挥损换携摄摆敌断无旧晓暂术机杀权极构档检楼欢毕气汇汉没测润满灭灯灵点烦热',
  ...'爱状独环电画监盖盘码础确礼种积称稳竞笔简纠红纪纳纸线练细织终经绑给绝继续维综缓编缩罚职联胜',
  ...'脑节艺荐获虑虚补装见观规览觉订讨让议记讲许论访识译试话询该详语误读课谁调谈谢负责败货质购贴费',
  ...'资赢赶跃践转软轻较辑达运远递逻遗邮铃银链错键门闪闭闲闻阅阶际陆随隐难项顺须顾预颜额风飞验黄',
  ...'温争兑税钮凭尽与庆册',
];
const SIMPLIFIED_RE = new RegExp(`[${SIMPLIFIED_ONLY.join('')}]`, 'g');
const CJK_RE = /[\u3400-\u9fff\uf900-\ufaff]/;
const PLACEHOLDER_RE = /\{(\w+)\}/g;

const zhCN = import.meta.glob<Module>('./zh-CN/*.ts', { eager: true });
const others: Record<Locale, Record<string, Module>> = {
  'zh-TW': import.meta.glob<Module>('./zh-TW/*.ts', { eager: true }),
  en: import.meta.glob<Module>('./en/*.ts', { eager: true }),
};
const moduleName = (path: string) => path.replace(/^.*\/(.+)\.ts$/, '$1');
/** index.ts gathers modules rather than holding strings. */
const zhNames = Object.keys(zhCN)
  .map(moduleName)
  .filter((name) => name !== 'index')
  .sort();

function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER_RE)].map((match) => match[1]!).sort();
}

/** Sample arguments for a function of `arity` parameters: numbers first, then strings. */
function call(fn: (...args: unknown[]) => unknown, arity: number): unknown[] {
  return [
    Array.from({ length: arity }, (_, i) => i + 2),
    Array.from({ length: arity }, (_, i) => `x${i}`),
  ].map((args) => fn(...args));
}

/** Every problem found comparing `value` (the locale's) against `source` (zh-CN's) at `path`. */
function compare(
  locale: Locale,
  module: string,
  path: string,
  source: unknown,
  value: unknown,
  problems: string[],
) {
  const at = `${module}:${path}`;
  if (typeof source === 'string') {
    if (typeof value !== 'string') return void problems.push(`${at}: expected a string`);
    if (value.trim() === '' && source.trim() !== '') problems.push(`${at}: empty`);
    if (placeholders(source).join() !== placeholders(value).join())
      problems.push(`${at}: placeholders ${placeholders(value).join()} ≠ ${placeholders(source).join()}`);
    if (locale === 'en' && CJK_RE.test(value) && !EN_CJK_ALLOWED.includes(at))
      problems.push(`${at}: Chinese in en: ${value}`);
    if (locale === 'zh-TW') {
      const found = value.match(SIMPLIFIED_RE);
      if (found) problems.push(`${at}: simplified ${[...new Set(found)].join('')} in ${value}`);
    }
    return;
  }
  if (typeof source === 'function') {
    if (typeof value !== 'function') return void problems.push(`${at}: expected a function`);
    if (value.length !== source.length) problems.push(`${at}: ${value.length} parameters ≠ ${source.length}`);
    for (const result of call(value as (...args: unknown[]) => unknown, source.length)) {
      if (typeof result !== 'string' || result === '') problems.push(`${at}: returned ${String(result)}`);
      else if (locale === 'en' && CJK_RE.test(result)) problems.push(`${at}: Chinese in en: ${result}`);
    }
    return;
  }
  if (Array.isArray(source)) {
    if (!Array.isArray(value)) return void problems.push(`${at}: expected an array`);
    if (value.length !== source.length) problems.push(`${at}: ${value.length} items ≠ ${source.length}`);
    source.forEach((item, i) => compare(locale, module, `${path}[${i}]`, item, value[i], problems));
    return;
  }
  if (source !== null && typeof source === 'object') {
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return void problems.push(`${at}: expected an object`);
    const keys = Object.keys(source);
    const extra = Object.keys(value).filter((key) => !keys.includes(key));
    if (extra.length) problems.push(`${at}: extra keys ${extra.join(', ')}`);
    for (const key of keys) {
      if (!(key in value)) problems.push(`${at}.${key}: missing`);
      else
        compare(locale, module, `${path}.${key}`, (source as Module)[key], (value as Module)[key], problems);
    }
    return;
  }
  if (source !== value) problems.push(`${at}: ${String(value)} ≠ ${String(source)}`);
}

describe.each(['zh-TW', 'en'] as const)('%s strings', (locale) => {
  const translated = Object.keys(others[locale]).map(moduleName).sort();

  it('lists exactly the zh-CN modules it lacks as NOT_YET_TRANSLATED', () => {
    const missing = zhNames.filter((name) => !translated.includes(name));
    const stray = translated.filter((name) => !zhNames.includes(name));
    if (missing.length)
      console.info(`${locale}: not yet translated (${missing.length}): ${missing.join(', ')}`);
    expect(stray, 'modules with no zh-CN source').toEqual([]);
    expect([...NOT_YET_TRANSLATED[locale]].sort(), 'NOT_YET_TRANSLATED').toEqual(missing);
  });

  it.each(zhNames.filter((name) => translated.includes(name)))('%s has the shape of zh-CN', (name) => {
    const source = zhCN[`./zh-CN/${name}.ts`]!;
    const value = others[locale][`./${locale}/${name}.ts`]!;
    const problems: string[] = [];
    const exported = (module: Module) => Object.keys(module).filter((key) => typeof module[key] === 'object');
    expect(exported(value).sort(), 'exports').toEqual(exported(source).sort());
    for (const key of exported(source)) compare(locale, name, key, source[key], value[key], problems);
    expect(problems).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('catch a missing key, a lost placeholder, a short array and a simplified character', () => {
    const problems: string[] = [];
    compare(
      'zh-TW',
      'm',
      'x',
      { a: '第{n}轮', b: ['一', '二'], c: '正方' },
      { a: '第輪', b: ['一'] },
      problems,
    );
    expect(problems).toHaveLength(4);
    compare('zh-TW', 'm', 'y', '时间', '时间', problems);
    compare('en', 'm', 'z', '时间', '時間', problems);
    expect(problems).toHaveLength(6);
  });
});
