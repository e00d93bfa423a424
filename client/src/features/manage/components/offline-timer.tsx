import { currentRuntime, currentStage, type Format, type TimerPublic } from '@bianshi/shared';
import { useEffect } from 'react';
import { TimerDisplay } from '../../../components/timer-display';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { consolePage as consolePageText } from '../../../i18n/zh-CN/console';
import { useTimerStore } from '../../../lib/realtime/timer';
import { useOfflineMatch } from '../hooks/use-offline-match';
import './offline-timer.css';

const t = manageText.offline.local;
const c = consolePageText.transport;

/** The single-device offline timer: the display with big controls, all in this browser. */
export function OfflineTimer({
  timer,
  format,
  onExit,
}: {
  timer: TimerPublic;
  format: Format;
  onExit: () => void;
}) {
  const { store, commit, restart } = useOfflineMatch(timer, format);
  const state = useTimerStore(store, (s) => s.state);
  const running = state?.status === 'running';
  const stage = state ? currentStage(state) : null;
  const confirm = useConfirm();
  // Resetting a stage that used time throws it away: asked first, as on the console.
  const resetStage = async () => {
    const live = store.getState().state;
    if (
      live &&
      currentRuntime(live).clocks.some((clock) => clock.usedMs > 0 || clock.runningSince !== null)
    ) {
      if (
        !(await confirm.ask({
          title: consolePageText.confirmReset.title,
          body: t.resetStageBody,
          confirmLabel: consolePageText.confirmReset.confirm,
          tone: 'danger',
        }))
      )
        return;
    }
    commit({ type: 'resetStage' });
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      if (event.key === ' ') {
        event.preventDefault();
        commit({ type: store.getState().state?.status === 'running' ? 'pause' : 'start' });
      } else if (event.key === 'ArrowRight') commit({ type: 'next' });
      else if (event.key === 'ArrowLeft') commit({ type: 'prev' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [commit, store]);

  return (
    <div className="offline-timer" data-testid="offline-timer">
      <p className="manage-notice">{t.running}</p>
      <div className="offline-timer__display">
        <TimerDisplay store={store} variant="compact" />
      </div>
      <div className="offline-timer__controls">
        <button type="button" className="btn btn--ghost btn--lg" onClick={() => commit({ type: 'prev' })}>
          {c.prev}
        </button>
        <button
          type="button"
          className="btn btn--primary btn--lg offline-timer__main"
          disabled={stage?.kind === 'none'}
          onClick={() => commit({ type: running ? 'pause' : 'start' })}
        >
          {running ? c.pause : c.start}
        </button>
        <button type="button" className="btn btn--ghost btn--lg" onClick={() => commit({ type: 'next' })}>
          {c.next}
        </button>
      </div>
      <div className="manage-row">
        <button type="button" className="btn btn--ghost" onClick={() => commit({ type: 'switchSide' })}>
          {c.switchSide}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => commit({ type: 'adjust', deltaMs: -10_000 })}
        >
          {c.minus}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => commit({ type: 'adjust', deltaMs: 10_000 })}
        >
          {c.plus}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => commit({ type: 'ringBell', count: 1 })}
        >
          {c.bell}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => void resetStage()}>
          {c.reset}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() =>
            void confirm
              .ask({ title: t.resetMatch, body: t.resetConfirm, confirmLabel: t.resetMatch, tone: 'danger' })
              .then((yes) => yes && restart())
          }
        >
          {t.resetMatch}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onExit}>
          {t.stop}
        </button>
      </div>
      {confirm.dialog}
    </div>
  );
}
