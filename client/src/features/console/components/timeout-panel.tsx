import { SIDE_IDS, type MatchState } from '@bianshi/shared';
import { format } from '../../../i18n';
import { consolePage as consolePageText } from '../../../i18n/zh-CN/console';
import { display as displayText } from '../../../i18n/zh-CN/display';
import type { ConsoleActions } from '../hooks/use-console-actions';

const t = consolePageText.timeout;

/** Timeouts (技术暂停) per side with the allowances left, and ending the running one. */
export function TimeoutPanel({ state, actions }: { state: MatchState; actions: ConsoleActions }) {
  const allowances = state.format.timeouts;
  const label = (side: 'aff' | 'neg') => state.format.sides[side]?.label ?? displayText.sides[side];
  return (
    <section className="console-card" aria-labelledby="console-timeout-title">
      <h2 id="console-timeout-title" className="console-card__title">
        {t.title}
      </h2>
      {!allowances ? (
        <p className="console-muted">{t.none}</p>
      ) : state.timeout ? (
        <div className="console-card__row">
          <span className="console-live">{format(t.running, { side: label(state.timeout.side) })}</span>
          <button
            type="button"
            className="console-btn console-btn--warn"
            onClick={() => void actions.timeoutEnd()}
          >
            {t.end}
          </button>
        </div>
      ) : (
        <div className="console-card__row">
          {SIDE_IDS.map((side) => {
            const left = Math.max(0, allowances[side].count - (state.timeoutsUsed[side] ?? 0));
            return (
              <button
                key={side}
                type="button"
                className="console-btn"
                disabled={left === 0 || state.status === 'finished'}
                onClick={() => void actions.timeoutStart(side)}
              >
                <span>{format(t.start, { side: label(side) })}</span>
                <span className="console-btn__sub">{format(t.left, { n: left })}</span>
              </button>
            );
          })}
        </div>
      )}
    </section>
  );
}
