import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { useStore } from 'zustand';
import { format } from '../../../i18n';
import { lazyFormat } from '../../../i18n/format';
import { lobby as lobbyText } from '../../../i18n/zh-CN/lobby';
import type { OrganizerActions } from '../api/use-organizer-actions';
import type { LobbyStore } from '../../../lib/realtime/lobby';
import { parseTimerRefs } from './create-lobby-form';
import { featuredTimerOf } from './lobby-views';
import { LobbyWebhooks, type WebhooksPanel } from './lobby-webhooks';
import { MatchControls } from './match-controls';

const t = lobbyText.console;
const dateFormat = lazyFormat<number | Date>(() => new Intl.DateTimeFormat('zh-CN', { dateStyle: 'long' }));

/** Links the organizer shares (absolute). */
export interface OrganizerLinks {
  join: string;
  judge: string;
  /** Only right after creating the lobby: the organizer link, shown this once. */
  organizer?: string;
}

/** The organizer's console: what every screen shows, each match's clock, messages to all, links, and the timers shown. */
export function OrganizerConsole({
  store,
  actions,
  links,
  WebhooksPanel,
}: {
  store: LobbyStore;
  actions: OrganizerActions;
  links: OrganizerLinks | null;
  WebhooksPanel: WebhooksPanel;
}) {
  const lobby = useStore(store, (s) => s.lobby);
  const matches = useStore(store, (s) => s.matches);
  const [text, setText] = useState('');
  const [timers, setTimers] = useState<string | null>(null);
  if (!lobby) return null;
  const featured = featuredTimerOf(lobby);

  const broadcast = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!text.trim()) return;
    if (await actions.broadcast(text.trim())) {
      toast.success(t.sent);
      setText('');
    }
  };
  const saveTimers = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (timers !== null && (await actions.setTimers(parseTimerRefs(timers)))) {
      toast.success(t.timersSaved);
      setTimers(null);
    }
  };
  const copy = (value: string) => {
    void navigator.clipboard?.writeText(value).then(() => toast.success(t.copied));
  };

  return (
    <aside className="lobby-console" aria-label={t.title} data-testid="lobby-console">
      <section className="lobby-panel">
        <h2 className="lobby-panel__title">{t.mode}</h2>
        <div className="lobby-mode" role="group" aria-label={t.mode}>
          {(['featured', 'grid'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              className="lobby-mode__item"
              aria-pressed={lobby.mode === mode}
              onClick={() => void actions.setMode(mode)}
              data-testid={`lobby-mode-${mode}`}
            >
              {mode === 'featured' ? t.modeFeatured : t.modeGrid}
            </button>
          ))}
        </div>
        <h3 className="lobby-panel__subtitle">{t.featuredTitle}</h3>
        <ul className="lobby-featured-list">
          {lobby.timerIds.map((timerId) => {
            const name = matches[timerId]?.getState().timer?.name ?? timerId;
            const current = timerId === featured;
            return (
              <li key={timerId}>
                <button
                  type="button"
                  className="lobby-featured-list__item"
                  aria-pressed={current}
                  onClick={() => void actions.setFeatured(timerId)}
                  data-testid="lobby-feature-option"
                >
                  <span>{name}</span>
                  <span className="lobby-muted">{current ? t.isFeatured : t.setFeatured}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </section>

      <MatchControls timerIds={lobby.timerIds} matches={matches} featured={featured} />

      <section className="lobby-panel">
        <h2 className="lobby-panel__title">{t.broadcast}</h2>
        <form className="lobby-inline-form" onSubmit={(event) => void broadcast(event)}>
          <input
            className="input"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t.broadcastPlaceholder}
            maxLength={200}
            data-testid="lobby-broadcast-input"
          />
          <button type="submit" className="btn btn--primary" data-testid="lobby-broadcast-send">
            {t.send}
          </button>
        </form>
        {lobby.notice && (
          <button
            type="button"
            className="btn btn--sm btn--ghost"
            onClick={() => void actions.clearMessage()}
          >
            {t.clear}
          </button>
        )}
      </section>

      {links && (
        <section className="lobby-panel">
          <h2 className="lobby-panel__title">{t.links}</h2>
          {links.organizer && <p className="lobby-key-note">{lobbyText.create.keyNote}</p>}
          {[
            [t.joinLink, links.join],
            [t.judgeLink, links.judge],
            ...(links.organizer ? [[t.organizerLink, links.organizer]] : []),
          ].map(([label = '', value = '']) => (
            <div key={label} className="lobby-link-row">
              <span className="lobby-link-row__label">{label}</span>
              <code className="lobby-link-row__value">{value}</code>
              <button type="button" className="btn btn--sm btn--secondary" onClick={() => copy(value)}>
                {t.copy}
              </button>
            </div>
          ))}
          <p className="lobby-muted">{format(t.expiresAt, { date: dateFormat.format(lobby.expiresAt) })}</p>
          <button
            type="button"
            className="btn btn--sm btn--ghost"
            onClick={() => void actions.extend().then((ok) => ok && toast.success(t.extended))}
          >
            {t.extend}
          </button>
        </section>
      )}

      <section className="lobby-panel">
        <h2 className="lobby-panel__title">{t.timersTitle}</h2>
        <ol className="lobby-timer-names">
          {lobby.timerIds.map((timerId) => (
            <li key={timerId}>
              <span>{matches[timerId]?.getState().timer?.name ?? lobbyText.room.matchGone}</span>
              <code className="lobby-muted">{matches[timerId]?.getState().timer?.shortid ?? timerId}</code>
            </li>
          ))}
        </ol>
        <form className="lobby-timers-form" onSubmit={(event) => void saveTimers(event)}>
          <textarea
            className="input lobby-field__area"
            rows={3}
            value={
              timers ??
              lobby.timerIds
                .map((timerId) => matches[timerId]?.getState().timer?.shortid ?? timerId)
                .join('\n')
            }
            onChange={(e) => setTimers(e.target.value)}
            aria-label={t.timersTitle}
          />
          <span className="lobby-field__hint">{lobbyText.create.timersHint}</span>
          <button type="submit" className="btn btn--sm btn--secondary" disabled={timers === null}>
            {t.timersSave}
          </button>
        </form>
      </section>

      <LobbyWebhooks lobbyId={lobby.id} WebhooksPanel={WebhooksPanel} />
    </aside>
  );
}
