import { lobby as lobbyText } from '../../../i18n/zh-CN/lobby';
import { display as displayText } from '../../../i18n/zh-CN/display';
import { TimerDisplay } from '../../../components/timer-display';
import { useDisplaySettings, useTimerStore, type TimerStore } from '../../../lib/timer-sync';

const t = lobbyText.room;
const display = displayText;

/** One match of the grid: timer name, teams, status and a mini clock (the compact display). */
export function MatchTile({ store, featured, onFeature }: { store: TimerStore; featured: boolean; onFeature?: (() => void) | undefined }) {
  const name = useTimerStore(store, (s) => s.timer?.name ?? '');
  const status = useTimerStore(store, (s) => s.state?.status ?? null);
  const settings = useDisplaySettings(store);
  const aff = settings.teams.aff.name ?? display.sides.aff;
  const neg = settings.teams.neg.name ?? display.sides.neg;
  return (
    <article className="lobby-tile" data-featured={featured} data-status={status ?? 'none'} data-testid="lobby-tile">
      <header className="lobby-tile__head">
        <h3 className="lobby-tile__name">{name || t.matchGone}</h3>
        {status && <span className={`lobby-status lobby-status--${status}`}>{display.status[status]}</span>}
      </header>
      <p className="lobby-tile__teams">
        <span>{aff}</span>
        <span className="lobby-tile__vs">vs</span>
        <span>{neg}</span>
      </p>
      <div className="lobby-tile__clock">
        <TimerDisplay store={store} variant="compact" flashOnBell={false} />
      </div>
      {onFeature && (
        <button type="button" className="btn btn--sm btn--secondary lobby-tile__feature" onClick={onFeature} disabled={featured} data-testid="lobby-feature-button">
          {featured ? lobbyText.console.isFeatured : lobbyText.console.setFeatured}
        </button>
      )}
    </article>
  );
}
