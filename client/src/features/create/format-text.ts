import { stageClockSpecs, stagePoolId, type Format, type Stage } from '@bianshi/shared';
import { format } from '../../i18n';
import { create as createText } from '../../i18n/zh-CN/create';

const t = createText;

/** `m:ss` of a duration. */
export function mmss(ms: number): string {
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** Who speaks in a stage: 正方, 反方, 双方 or —. */
export function stageSide(stage: Stage): string {
  switch (stage.kind) {
    case 'single':
      return stage.side ? t.sides[stage.side] : t.sides.none;
    case 'dual':
      return t.sides.both;
    case 'prep':
      return stage.sides.length === 2 ? t.sides.both : t.sides[stage.sides[0] ?? 'aff'];
    case 'none':
      return t.sides.none;
  }
}

/** A stage's duration as the preview shows it: `3:30`, `4:00 / 4:00`, `共享时间 准备时间` or `—`. */
export function stageDuration(formatValue: Format, stage: Stage): string {
  const specs = stageClockSpecs(stage);
  if (specs.length === 0) return '—';
  if (specs.every((spec) => spec.durationMs === null)) {
    const poolId = stagePoolId(stage);
    const pool = formatValue.pools.find((candidate) => candidate.id === poolId);
    return pool ? format(t.pool, { name: pool.name }) : '—';
  }
  const texts = [...new Set(specs.map((spec) => (spec.durationMs === null ? '—' : mmss(spec.durationMs))))];
  return texts.join(' / ');
}
