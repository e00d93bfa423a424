import { useStore } from 'zustand';
import { lobby as lobbyText } from '../../../i18n/zh-CN/lobby';
import { TimerDisplay } from '../../../components/timer-display';
import type { LobbyStore } from '../../../lib/realtime/lobby';
import { MatchTile } from './match-tile';

const t = lobbyText.room;

/** The timer id a lobby features: the chosen one when it is shown, else the first. */
export function featuredTimerOf(lobby: {
  featuredTimerId: string | null;
  timerIds: string[];
}): string | null {
  return lobby.featuredTimerId && lobby.timerIds.includes(lobby.featuredTimerId)
    ? lobby.featuredTimerId
    : (lobby.timerIds[0] ?? null);
}

/** The lobby's mode: the featured match, or every match of the round. */
export function ModeView({
  store,
  onFeature,
}: {
  store: LobbyStore;
  onFeature?: ((timerId: string) => void) | undefined;
}) {
  const mode = useStore(store, (s) => s.lobby?.mode ?? null);
  if (mode === null) return <p className="lobby-loading">{t.loading}</p>;
  return (
    <div className="lobby-stage" data-mode={mode} data-testid="lobby-stage">
      {mode === 'featured' ? (
        <FeaturedView store={store} />
      ) : (
        <GridView store={store} onFeature={onFeature} />
      )}
    </div>
  );
}

/** The featured match as the big synced clock. */
export function FeaturedView({ store }: { store: LobbyStore }) {
  const lobby = useStore(store, (s) => s.lobby);
  const matches = useStore(store, (s) => s.matches);
  const featured = lobby ? featuredTimerOf(lobby) : null;
  const match = featured ? matches[featured] : undefined;
  if (!match) return <p className="lobby-empty">{t.noMatches}</p>;
  return (
    <div className="lobby-featured" data-testid="lobby-featured" data-timer-id={featured}>
      <TimerDisplay key={featured} store={match} variant="full" className="lobby-featured__display" />
    </div>
  );
}

/** Every match of the round with mini clocks, stage and teams. */
export function GridView({
  store,
  onFeature,
}: {
  store: LobbyStore;
  onFeature?: ((timerId: string) => void) | undefined;
}) {
  const lobby = useStore(store, (s) => s.lobby);
  const matches = useStore(store, (s) => s.matches);
  if (!lobby || lobby.timerIds.length === 0) return <p className="lobby-empty">{t.noMatches}</p>;
  const featured = featuredTimerOf(lobby);
  return (
    <div className="lobby-grid" data-testid="lobby-grid" data-count={lobby.timerIds.length}>
      {lobby.timerIds.map((timerId) => {
        const match = matches[timerId];
        return match ? (
          <MatchTile
            key={timerId}
            store={match}
            featured={timerId === featured}
            onFeature={onFeature ? () => onFeature(timerId) : undefined}
          />
        ) : (
          <article key={timerId} className="lobby-tile lobby-tile--gone">
            {t.matchGone}
          </article>
        );
      })}
    </div>
  );
}
