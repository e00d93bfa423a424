import { describe, expect, it } from 'vitest';
import { getBuiltinFormat } from './builtin/builtin-formats';
import { diffFormats } from './format-diff';
import type { Format, Stage } from './format.schema';

const base = getBuiltinFormat('cn-worldcup')!;
const speech = base.stages.findIndex((stage) => stage.kind === 'single');
const dual = base.stages.findIndex((stage) => stage.kind === 'dual');
const withStages = (stages: Stage[]): Format => ({ ...base, stages });

describe('diffFormats', () => {
  it('finds nothing in an unchanged format', () => {
    expect(diffFormats(base, structuredClone(base))).toEqual([]);
  });

  it('reports an inserted stage once, not every later stage', () => {
    const extra: Stage = { kind: 'none', name: '评委点评' } as Stage;
    const stages = [...base.stages.slice(0, 3), extra, ...base.stages.slice(3)];
    expect(diffFormats(base, withStages(stages))).toEqual([
      { type: 'added', index: 3, name: '评委点评', durations: [] },
    ]);
  });

  it('reports removed, retimed (per side) and otherwise changed stages, and the facts', () => {
    const stages = base.stages.slice(0, -1).map((stage, index): Stage => {
      if (index === speech && stage.kind === 'single') return { ...stage, durationMs: 240_000, bells: [] };
      if (index === dual && stage.kind === 'dual')
        return { ...stage, durationMs: { ...stage.durationMs, neg: 300_000 } };
      return stage;
    });
    const changes = diffFormats(base, { ...withStages(stages), name: '改过的赛制' });
    const first = base.stages[speech]!;
    const last = base.stages.at(-1)!;
    const freeDebate = base.stages[dual]!;
    expect(changes).toEqual([
      { type: 'facts', what: 'name' },
      { type: 'removed', index: base.stages.length - 1, name: last.name },
      {
        type: 'retimed',
        index: speech,
        name: first.name,
        from: [{ side: 'aff', durationMs: 210_000 }],
        to: [{ side: 'aff', durationMs: 240_000 }],
      },
      { type: 'changed', index: speech, name: first.name },
      {
        type: 'retimed',
        index: dual,
        name: freeDebate.name,
        from: [
          { side: 'aff', durationMs: freeDebate.kind === 'dual' ? freeDebate.durationMs.aff : 0 },
          { side: 'neg', durationMs: freeDebate.kind === 'dual' ? freeDebate.durationMs.neg : 0 },
        ],
        to: [
          { side: 'aff', durationMs: freeDebate.kind === 'dual' ? freeDebate.durationMs.aff : 0 },
          { side: 'neg', durationMs: 300_000 },
        ],
      },
    ]);
  });

  it('says a stage moved when it only changed place', () => {
    const stages = [...base.stages];
    const [moved] = stages.splice(speech, 1);
    stages.push(moved!);
    const changes = diffFormats(base, withStages(stages));
    expect(changes).toContainEqual({ type: 'moved', from: speech, to: stages.length - 1, name: moved!.name });
    expect(changes.filter((change) => change.type === 'added' || change.type === 'removed')).toEqual([]);
  });
});
