import { PRESENCE_ROLES } from '@bianshi/shared';
import { consolePage as consolePageText } from '../../../i18n/zh-CN/console';
import { useTimerStore, type TimerStore } from '../../../lib/timer-sync';

const t = consolePageText.presence;

/** Who is watching, by role (counts from every tick; the roster, sent to controllers). */
export function PresencePanel({ store }: { store: TimerStore }) {
  const presence = useTimerStore(store, (s) => s.presence);
  const roster = useTimerStore(store, (s) => s.roster);
  const total = presence ? PRESENCE_ROLES.reduce((sum, role) => sum + presence[role], 0) : 0;
  return (
    <section className="console-card" aria-labelledby="console-presence-title">
      <h2 id="console-presence-title" className="console-card__title">
        {t.title}
      </h2>
      <ul className="console-presence" aria-label={t.title}>
        {PRESENCE_ROLES.map((role) => (
          <li key={role} className="console-presence__count" data-role={role}>
            <span className="console-presence__n" data-testid={`presence-${role}`}>
              {presence?.[role] ?? 0}
            </span>
            <span>{t.roles[role]}</span>
          </li>
        ))}
      </ul>
      {total === 0 ? <p className="console-muted">{t.none}</p> : null}
      {roster && roster.length > 0 ? (
        <ul className="console-roster">
          {roster.map((entry) => (
            <li key={entry.id}>
              <span className="console-roster__role">{t.roles[entry.role]}</span>
              <span className="console-roster__name">{entry.name}</span>
              <span className="console-roster__device">{t.devices[entry.device]}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
