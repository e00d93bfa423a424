/**
 * Figures the content may quote, taken from data at build time and never typed by hand:
 * `{{formats.count}}` from the built-in library, `{{sync.flipSkewP99}}` and
 * `{{sync.crossHubP99}}` from the README's measurement table, and `{{formats.stages}}`, the
 * stages of every built-in format as Markdown.
 */
import { BUILTIN_FORMATS, type Format } from '@bianshi/shared';

type Stage = Format['stages'][number];
type Bell = { from: 'start' | 'end'; offsetMs: number; count: number };

/** `210000` → `3:30`. */
export function mmss(ms: number): string {
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

function sideName(format: Format, side: 'aff' | 'neg' | null | undefined): string {
  return side ? format.sides[side].label : '双方';
}

function bellsText(bells: readonly Bell[]): string {
  if (bells.length === 0) return '—';
  return bells.map((bell) => `${bell.from === 'end' ? (bell.offsetMs === 0 ? '时间到' : `剩 ${mmss(bell.offsetMs)}`) : mmss(bell.offsetMs)} ${bell.count} 声`).join('；');
}

function poolName(format: Format, poolId: string | undefined): string {
  return format.pools.find((pool) => pool.id === poolId)?.name ?? poolId ?? '';
}

/** One table row per stage: name, side, time, clock, bells. */
export function stageRow(format: Format, stage: Stage): [string, string, string, string, string] {
  switch (stage.kind) {
    case 'single': {
      const time = stage.durationMs !== undefined ? mmss(stage.durationMs) : `从「${poolName(format, stage.poolId)}」扣`;
      const clock = [stage.direction === 'up' ? '单钟正计时' : '单钟', stage.turnCap ? `每轮上限 ${stage.turnCap.turns.map((t) => `${t.label} ${mmss(t.capMs)}`).join('／')}` : ''].filter(Boolean).join('，');
      return [stage.name, sideName(format, stage.side), time, clock, bellsText(stage.bells)];
    }
    case 'dual': {
      const { aff, neg } = stage.durationMs;
      const time = aff === neg ? `每方 ${mmss(aff)}` : `${format.sides.aff.label} ${mmss(aff)}／${format.sides.neg.label} ${mmss(neg)}`;
      const clock = `双钟交替，${sideName(format, stage.firstSide)}先，${stage.endBehaviour === 'relay' ? '一方用完另一方可继续' : '各自用完即停'}`;
      return [stage.name, '双方', time, clock, bellsText(stage.bells)];
    }
    case 'prep': {
      const pool = format.pools.find((p) => p.id === stage.poolId);
      const time = pool ? `每方共 ${mmss(pool.totalMs.aff)}` : '';
      return [stage.name, stage.sides.map((s) => sideName(format, s)).join('、'), time, `准备时间（${poolName(format, stage.poolId)}，可多次使用）`, bellsText(stage.bells)];
    }
    case 'none':
      return [stage.name, '—', '—', '无计时', '—'];
    default: {
      const unreachable: never = stage;
      return unreachable;
    }
  }
}

const cell = (value: string) => value.replace(/\|/g, '\\|');

/** Every built-in format with its stages, as Markdown (the 赛制 page's reference part). */
export function formatsMarkdown(formats: readonly Format[] = BUILTIN_FORMATS): string {
  return formats
    .map((format) => {
      const lines = [`### ${format.name}`, '', `格式 ID：\`${format.id}\`${format.nameEn ? ` · ${format.nameEn}` : ''}`, ''];
      if (format.description) lines.push(format.description, '');
      if (format.pools.length) lines.push(`时间池：${format.pools.map((p) => `${p.name} 每方 ${mmss(p.totalMs.aff)}`).join('；')}`, '');
      lines.push('| 环节 | 方 | 时长 | 计时方式 | 铃声 |', '| --- | --- | --- | --- | --- |');
      for (const stage of format.stages) lines.push(`| ${stageRow(format, stage).map(cell).join(' | ')} |`);
      lines.push('', `> ${format.note}`, '');
      return lines.join('\n');
    })
    .join('\n');
}

/** The "Measured" cell of the README performance row that starts with `label`. */
function readmeMeasurement(readme: string, label: string): string {
  const row = readme.split('\n').find((line) => line.startsWith(`| ${label}`));
  const measured = row?.split('|')[2]?.trim();
  if (!measured) throw new Error(`README.md: performance table has no "${label}" row`);
  return measured;
}

/** The p99 figure of a measured cell: `spread p50 8–20 ms, p99 9.7–33 ms (…)` → `9.7–33 ms`. */
function p99(measured: string, label: string): string {
  const match = /p99 ([\d.]+(?:–[\d.]+)? ms)/.exec(measured) ?? /^([\d.]+(?:–[\d.]+)? ms)/.exec(measured);
  if (!match?.[1]) throw new Error(`README.md: no p99 figure in the "${label}" row`);
  return match[1];
}

/** The figures tokens resolve to. */
export function collectFacts(readme: string, formats: readonly Format[] = BUILTIN_FORMATS): Record<string, string> {
  return {
    'formats.count': String(formats.length),
    'formats.zhCount': String(formats.filter((f) => f.tags.language === 'zh').length),
    'formats.enCount': String(formats.filter((f) => f.tags.language === 'en').length),
    'formats.stages': formatsMarkdown(formats),
    'sync.flipSkewP99': p99(readmeMeasurement(readme, 'Flip skew'), 'Flip skew'),
    'sync.crossHubP99': p99(readmeMeasurement(readme, 'Cross-hub extra p99'), 'Cross-hub extra p99'),
  };
}

/** Replaces `{{name}}` tokens; an unknown token is an error naming it. */
export function fillFacts(text: string, facts: Record<string, string>, where: string): string {
  return text.replace(/\{\{\s*([a-zA-Z0-9.]+)\s*\}\}/g, (_, name: string) => {
    const value = facts[name];
    if (value === undefined) throw new Error(`${where}: unknown figure {{${name}}} (known: ${Object.keys(facts).join(', ')})`);
    return value;
  });
}
