import { lobby as lobbyText } from '../../../i18n/zh-CN/lobby';
import { display as displayText } from '../../../i18n/zh-CN/display';
import { stoppedAtZero, TimerDisplay } from '../../../components/timer-display';
import { useDisplaySettings, useTimerStore, type TimerStore } from '../../../lib/realtime/timer';

const t = lobbyText.room;
const display = displayText;

/**
 * One match of the grid: timer name, teams, status and a mini clock (the compact display). Long
 * names are cut to one line each (whole in their titles), so a tile never widens its column.
 */
export function MatchTile({
  store,
  featured,
  onFeature,
}: {
  store: TimerStore;
  featured: boolean;
  onFeature?: (() => void) | undefined;
}) {
  const name = useTimerStore(store, (s) => s.timer?.name ?? '');
  const status = useTimerStore(store, (s) => s.state?.status ?? null);
  const timeUp = useTimerStore(store, (s) => (s.state ? stoppedAtZero(s.state) : false));
  const settings = useDisplaySettings(store);
  const aff = settings.teams.aff.name ?? display.sides.aff;
  const neg = settings.teams.neg.name ?? display.sides.neg;
  const title = name || t.matchGone;
  return (
    <article
      className="lobby-tile"
      data-featured={featured}
      data-status={status ?? 'none'}
      data-testid="lobby-tile"
    >
      <header className="lobby-tile__head">
        <h3 className="lobby-tile__name" title={title}>
          {title}
        </h3>
        {status && (
          <span className={`lobby-status lobby-status--${status}`}>
            {status === 'paused' && timeUp ? display.timeUp : display.status[status]}
          </span>
        )}
      </header>
      <p className="lobby-tile__teams">
        <span title={aff}>{aff}</span>
        <span className="lobby-tile__vs">vs</span>
        <span title={neg}>{neg}</span>
      </p>
      <div className="lobby-tile__clock">
        <TimerDisplay store={store} variant="compact" flashOnBell={false} />
      </div>
      {onFeature && (
        <button
          type="button"
          className="btn btn--sm btn--secondary lobby-tile__feature"
          onClick={onFeature}
          disabled={featured}
          data-testid="lobby-feature-button"
        >
          {featured ? lobbyText.console.isFeatured : lobbyText.console.setFeatured}
        </button>
      )}
    </article>
  );
}
