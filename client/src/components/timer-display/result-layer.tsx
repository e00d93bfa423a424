import type { ShownResult } from '@bianshi/shared';
import { format } from '../../i18n/format';
import { display as displayText } from '../../i18n/zh-CN/display';
import './result-layer.css';

const t = displayText.result;

/**
 * A finished match's result over the clocks (在大屏显示结果, from the record's result sheet): the
 * winner, 票型 and 最佳辩手. Plain text and CSS, so the projector's bundle stays small.
 */
export function ResultLayer({ result }: { result: ShownResult }) {
  const winner = result.winner;
  return (
    <section className="td-result" role="status" aria-label={t.title} data-testid="display-result">
      <p className="td-result__title">{t.title}</p>
      {winner && (
        <p className="td-result__winner" data-side={winner} data-testid="display-result-winner">
          <span className="td-result__side">{displayText.sides[winner]}</span>
          <strong>{format(t.wins, { team: result.teams[winner] })}</strong>
        </p>
      )}
      {result.ballots && (
        <div
          className="td-result__ballots"
          aria-label={format(t.ballotsLabel, { aff: result.ballots.aff, neg: result.ballots.neg })}
          data-testid="display-result-ballots"
        >
          {(['aff', 'neg'] as const).map((side) => (
            <div key={side} className="td-result__count" data-side={side} data-won={side === winner}>
              <span className="td-result__number">{result.ballots?.[side]}</span>
              <span className="td-result__team">{result.teams[side]}</span>
            </div>
          ))}
          <span className="td-result__colon" aria-hidden="true">
            :
          </span>
        </div>
      )}
      {result.bestDebater && (
        <p className="td-result__best" data-testid="display-result-best">
          <span>{t.bestDebater}</span>
          <strong>{result.bestDebater}</strong>
        </p>
      )}
    </section>
  );
}
