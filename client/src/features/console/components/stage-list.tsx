import type { MatchState } from '@bianshi/shared';
import { useEffect, useRef } from 'react';
import { format } from '../../../i18n';
import { consolePage as consolePageText } from '../../../i18n/zh-CN/console';
import { display as displayText } from '../../../i18n/zh-CN/display';
import type { ConsoleActions } from '../hooks/use-console-actions';

const t = consolePageText;
const sides = displayText.sides;

/** Every stage of the match; a click jumps there. The current stage stays in view. */
export function StageList({ state, actions }: { state: MatchState; actions: ConsoleActions }) {
  const currentRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    currentRef.current?.scrollIntoView({ block: 'nearest' });
  }, [state.stageIndex]);
  return (
    <section className="console-card console-stages" aria-labelledby="console-stages-title">
      <h2 id="console-stages-title" className="console-card__title">
        {t.stages}
      </h2>
      <ol className="console-stages__list">
        {state.format.stages.map((stage, index) => {
          const current = index === state.stageIndex;
          const side = stage.kind === 'single' && stage.side ? sides[stage.side] : null;
          return (
            <li key={index}>
              <button
                ref={current ? currentRef : undefined}
                type="button"
                className="console-stage"
                aria-current={current ? 'step' : undefined}
                aria-label={format(t.jump, { n: index + 1, name: stage.name })}
                disabled={state.status === 'finished'}
                onClick={() => (current ? undefined : void actions.goto(index))}
              >
                <span className="console-stage__num">{index + 1}</span>
                <span className="console-stage__name">{stage.name}</span>
                {side ? (
                  <span
                    className="console-stage__side"
                    data-side={stage.kind === 'single' ? stage.side : undefined}
                  >
                    {side}
                  </span>
                ) : null}
                {current ? <span className="console-stage__badge">{t.current}</span> : null}
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
