import { currentStage } from '@bianshi/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { format } from '../../../i18n';
import { lobby as lobbyText } from '../../../i18n/zh-CN/lobby';
import { display as displayText } from '../../../i18n/zh-CN/display';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/api/trpc';
import { useTimerCommands, useTimerStore, type TimerStore } from '../../../lib/realtime/timer';
import './match-controls.css';

const t = lobbyText.console.controls;

/**
 * Start, pause and move on each match the lobby shows, from the organizer's console. The hub
 * authorises each command as the timer's console would (`timer.command`, the controller role):
 * a lobby organizer runs the matches this browser controls (the timers it created, or whose
 * control link it opened, or that its account owns), and is told when it controls one not.
 */
export function MatchControls({
  timerIds,
  matches,
  featured,
}: {
  timerIds: readonly string[];
  matches: Record<string, TimerStore>;
  featured: string | null;
}) {
  if (timerIds.length === 0) return null;
  return (
    <section
      className="lobby-panel"
      aria-labelledby="lobby-controls-title"
      data-testid="lobby-match-controls"
    >
      <h2 id="lobby-controls-title" className="lobby-panel__title">
        {t.title}
      </h2>
      <p className="lobby-muted">{t.lead}</p>
      <ul className="lobby-controls">
        {timerIds.map((timerId) => {
          const store = matches[timerId];
          return store ? (
            <MatchControl key={timerId} timerId={timerId} store={store} featured={timerId === featured} />
          ) : null;
        })}
      </ul>
    </section>
  );
}

function MatchControl({
  timerId,
  store,
  featured,
}: {
  timerId: string;
  store: TimerStore;
  featured: boolean;
}) {
  const trpc = useTRPC();
  // Whether this browser controls the timer (its cookie, account or membership): the hub says.
  const access = useQuery({
    ...trpc.timer.get.queryOptions({ id: timerId }),
    staleTime: 60_000,
    retry: false,
  });
  const { send, pending } = useTimerCommands(timerId);
  const name = useTimerStore(store, (s) => s.timer?.name ?? '');
  const shortid = useTimerStore(store, (s) => s.timer?.shortid ?? timerId);
  const state = useTimerStore(store, (s) => s.state);
  const matchId = useTimerStore(store, (s) => s.matchId);
  if (!state) return null;
  const stage = currentStage(state);
  const finished = state.status === 'finished';
  const running = state.status === 'running';
  const hasClock = stage.kind !== 'none';

  const run = async (type: 'start' | 'pause' | 'next' | 'prev') => {
    const result = await send(
      { type },
      type === 'next' || type === 'prev' ? { expectedVersion: store.getState().state?.version ?? 0 } : {},
    );
    if (!result.ok) return toast.error(format(t.failed, { name, message: result.error.message }));
    if (matchId) store.getState().acceptState(matchId, result.state);
  };

  return (
    <li
      className="lobby-control"
      data-featured={featured}
      data-testid="lobby-match-control"
      data-timer-id={timerId}
    >
      <div className="lobby-control__head">
        <strong className="lobby-control__name">{name || lobbyText.room.matchGone}</strong>
        <span className={`lobby-status lobby-status--${state.status}`}>
          {displayText.status[state.status]}
        </span>
      </div>
      <p className="lobby-muted lobby-control__stage" data-testid="lobby-control-stage">
        {format(t.stage, { n: state.stageIndex + 1, total: state.format.stages.length, name: stage.name })}
      </p>
      {access.isPending ? (
        <p className="lobby-muted">{t.loading}</p>
      ) : access.data?.canControl ? (
        <div className="lobby-control__buttons" aria-busy={pending}>
          <button
            type="button"
            className="btn btn--sm btn--ghost"
            onClick={() => void run('prev')}
            disabled={finished || state.stageIndex === 0}
          >
            {t.prev}
          </button>
          <button
            type="button"
            className="btn btn--sm btn--primary"
            onClick={() => void run(running ? 'pause' : 'start')}
            disabled={finished || !hasClock}
            data-testid="lobby-control-toggle"
          >
            {finished
              ? t.finished
              : !hasClock
                ? t.noClock
                : running
                  ? t.pause
                  : state.status === 'paused'
                    ? t.resume
                    : t.start}
          </button>
          <button
            type="button"
            className="btn btn--sm btn--ghost"
            onClick={() => void run('next')}
            disabled={finished || state.stageIndex >= state.format.stages.length - 1}
            data-testid="lobby-control-next"
          >
            {t.next}
          </button>
        </div>
      ) : (
        <p className="lobby-muted" data-testid="lobby-control-denied">
          {t.noControl} · <Link to={`/timer/manage/${shortid}`}>{t.openConsole}</Link>
        </p>
      )}
    </li>
  );
}
