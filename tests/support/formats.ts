/** Formats the tests create timers with. */

const SPEECHES = [
  { name: '正方一辩 立论', side: 'aff' },
  { name: '反方一辩 立论', side: 'neg' },
] as const;

/**
 * A format of plain speeches, each one clock that stops at zero: 正方一辩 立论, then 反方一辩
 * 立论, one per duration given.
 */
export function speechFormat(id: string, name: string, durationsMs: readonly number[]) {
  if (durationsMs.length > SPEECHES.length) throw new Error(`speechFormat knows ${SPEECHES.length} speeches`);
  return {
    schemaVersion: 1,
    id,
    name,
    tags: { language: 'zh' },
    stages: durationsMs.map((durationMs, index) => ({
      kind: 'single',
      ...SPEECHES[index]!,
      durationMs,
      overtime: 'stop',
    })),
  };
}
