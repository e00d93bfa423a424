/**
 * Prints how well the deterministic rules parser reads the corpus (`npm run rules:score`):
 * one JSON object with the share of texts whose stages and durations came out right, and the
 * texts it got wrong with what it expected and what it read.
 */
import { RULES_CORPUS } from '../shared/src/rules-text/corpus.fixture';
import { scoreRulesCorpus } from '../shared/src/rules-text/corpus-score';

const TARGET = 0.9;
const score = scoreRulesCorpus(RULES_CORPUS);
const wrong = score.results
  .filter((result) => !result.ok)
  .map(({ id, expected, actual }) => ({ id, expected, actual }));
console.log(
  JSON.stringify(
    {
      texts: score.total,
      correct: score.correct,
      ratio: Number(score.ratio.toFixed(3)),
      target: TARGET,
      met: score.ratio >= TARGET,
      wrong,
    },
    null,
    2,
  ),
);
process.exitCode = score.ratio >= TARGET ? 0 : 1;
