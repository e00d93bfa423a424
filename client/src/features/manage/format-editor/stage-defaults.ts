import type { Bell, Format, Stage } from '@bianshi/shared';

const CHINESE_BELLS: Bell[] = [
  { from: 'end', offsetMs: 30_000, count: 1, sound: 'bell' },
  { from: 'end', offsetMs: 0, count: 2, sound: 'bell' },
];

/** A stage of `kind` with sensible defaults, keeping `name`. */
export function stageOfKind(kind: Stage['kind'], name: string, format: Format): Stage {
  switch (kind) {
    case 'single':
      return {
        kind,
        name,
        side: 'aff',
        durationMs: 180_000,
        direction: 'down',
        overtime: 'continue',
        bells: CHINESE_BELLS.map((b) => ({ ...b })),
      };
    case 'dual':
      return {
        kind,
        name,
        durationMs: { aff: 240_000, neg: 240_000 },
        firstSide: 'aff',
        endBehaviour: 'relay',
        direction: 'down',
        overtime: 'stop',
        bells: [{ from: 'end', offsetMs: 30_000, count: 1, sound: 'bell' }],
      };
    case 'prep':
      return {
        kind,
        name,
        poolId: format.pools.find((pool) => pool.kind === 'prep')?.id ?? format.pools[0]?.id ?? 'prep',
        sides: ['aff', 'neg'],
        direction: 'down',
        bells: [],
      };
    case 'none':
      return { kind, name };
  }
}

/** Moves item `from` to `to` in a copy of `list`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  if (item !== undefined) copy.splice(to, 0, item);
  return copy;
}

/** A pool id not yet used in the format. */
export function freshPoolId(format: Format): string {
  let n = format.pools.length + 1;
  while (format.pools.some((pool) => pool.id === `pool-${n}`)) n += 1;
  return `pool-${n}`;
}
