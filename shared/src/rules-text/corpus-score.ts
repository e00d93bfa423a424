/**
 * Scores the rules parser on a corpus: a text counts as right when the stages it times (kind,
 * side, durations, relay/solo, who starts) and its pools match what a careful reader expects.
 */
import type { FormatInput } from '../formats/format.schema';
import type { RulesCorpusEntry } from './corpus.fixture';
import { parseRulesText } from './parse-rules';

/** One corpus text's outcome. */
export interface CorpusResult {
  readonly id: string;
  readonly ok: boolean;
  readonly expected: readonly string[];
  readonly actual: readonly string[];
}

/** The whole corpus: share of texts right, and each outcome. */
export interface CorpusScore {
  readonly total: number;
  readonly correct: number;
  readonly ratio: number;
  readonly results: readonly CorpusResult[];
}

const mmss = (ms: number) =>
  `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}`;

/** The compact description the corpus uses: `S aff 3:30`, `D 4:00 relay aff`, `budget 18:00`, `up`. */
export function describeFormat(format: FormatInput): string[] {
  const out: string[] = [];
  for (const stage of format.stages) {
    if (stage.kind === 'single') {
      const time =
        stage.poolId !== undefined && stage.durationMs === undefined ? 'pool' : mmss(stage.durationMs ?? 0);
      out.push(`S ${stage.side ?? '-'} ${time}`);
    } else if (stage.kind === 'dual') {
      const { aff, neg } = stage.durationMs;
      out.push(
        `D ${aff === neg ? mmss(aff) : `${mmss(aff)}/${mmss(neg)}`} ${stage.endBehaviour ?? 'relay'} ${stage.firstSide ?? 'aff'}`,
      );
    }
  }
  for (const pool of format.pools ?? []) out.push(`${pool.kind} ${mmss(pool.totalMs.aff)}`);
  if (
    format.stages.some((stage) => stage.kind !== 'none' && stage.kind !== 'prep' && stage.direction === 'up')
  )
    out.push('up');
  return out;
}

/** Parses every corpus text and compares it with its expectation. */
export function scoreRulesCorpus(corpus: readonly RulesCorpusEntry[]): CorpusScore {
  const results = corpus.map((entry) => {
    const parsed = parseRulesText(entry.text);
    const expected = [...entry.stages, ...(entry.pools ?? []), ...(entry.up ? ['up'] : [])];
    const actual = parsed.validation.ok
      ? describeFormat(parsed.format)
      : ['(invalid)', ...describeFormat(parsed.format)];
    return { id: entry.id, ok: JSON.stringify(expected) === JSON.stringify(actual), expected, actual };
  });
  const correct = results.filter((result) => result.ok).length;
  return {
    total: results.length,
    correct,
    ratio: results.length === 0 ? 0 : correct / results.length,
    results,
  };
}
