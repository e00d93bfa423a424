import { currentStage, type MatchState } from '@bianshi/shared';
import { format, messages } from '../../../i18n';
import { ADJUST_STEP_MS, type ConsoleAbilities, type ConsoleActions } from '../hooks/use-console-actions';

const t = messages.consolePage;

/** The big controls: start/pause, stages, switch side, reset, ±10 s, bell. */
export function TransportPanel({ state, actions, abilities, pending }: { state: MatchState; actions: ConsoleActions; abilities: ConsoleAbilities; pending: boolean }) {
  const stage = currentStage(state);
  const primaryLabel = abilities.running ? t.transport.pause : state.status === 'paused' ? t.transport.resume : t.transport.start;
  return (
    <section className="console-transport" aria-label={t.title} data-pending={pending}>
      <div className="console-transport__stage">
        <span className="console-transport__counter">{format(t.stage, { n: state.stageIndex + 1, total: state.format.stages.length })}</span>
        <strong className="console-transport__name" data-testid="console-stage-name">
          {stage.name}
        </strong>
        <span className="console-status" data-status={state.status}>
          {t.status[state.status]}
        </span>
      </div>
      <div className="console-transport__main">
        <button type="button" className="console-btn console-btn--nav" onClick={() => void actions.prev()} disabled={!abilities.canPrev} aria-keyshortcuts="ArrowLeft">
          <span aria-hidden="true">◀</span>
          <span>{t.transport.prev}</span>
        </button>
        <button
          type="button"
          className="console-btn console-btn--primary"
          data-running={abilities.running}
          onClick={() => void actions.toggle()}
          disabled={!abilities.hasClock || abilities.finished}
          aria-keyshortcuts="Space"
        >
          <span aria-hidden="true">{abilities.running ? '❚❚' : '▶'}</span>
          <span>{abilities.finished ? t.transport.finished : abilities.hasClock ? primaryLabel : t.transport.noClock}</span>
        </button>
        <button type="button" className="console-btn console-btn--nav" onClick={() => void actions.next()} disabled={!abilities.canNext} aria-keyshortcuts="ArrowRight">
          <span aria-hidden="true">▶▶</span>
          <span>{t.transport.next}</span>
        </button>
      </div>
      <div className="console-transport__row">
        <button type="button" className="console-btn" onClick={() => void actions.switchSide()} disabled={!abilities.canSwitch} aria-keyshortcuts="Tab">
          {t.transport.switchSide}
        </button>
        <button type="button" className="console-btn" onClick={() => void actions.adjust(-ADJUST_STEP_MS)} disabled={!abilities.hasClock || abilities.finished} aria-keyshortcuts="-">
          {t.transport.minus}
        </button>
        <button type="button" className="console-btn" onClick={() => void actions.adjust(ADJUST_STEP_MS)} disabled={!abilities.hasClock || abilities.finished} aria-keyshortcuts="+">
          {t.transport.plus}
        </button>
        <button type="button" className="console-btn" onClick={() => void actions.bell()} disabled={abilities.finished} aria-keyshortcuts="B">
          {t.transport.bell}
        </button>
        <button type="button" className="console-btn" onClick={() => void actions.reset()} disabled={!abilities.hasClock || abilities.finished} aria-keyshortcuts="R">
          {t.transport.reset}
        </button>
      </div>
    </section>
  );
}
