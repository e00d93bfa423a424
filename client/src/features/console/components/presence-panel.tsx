import { PRESENCE_ROLES, type RosterEntry } from '@bianshi/shared';
import { useId, useState, type FormEvent } from 'react';
import { format } from '../../../i18n';
import { consolePage as consolePageText } from '../../../i18n/zh-CN/console';
import { toast } from '../../../lib/toast';
import { commandError, useTimerStore, type TimerStore } from '../../../lib/realtime/timer';
import { useRenameScreen } from '../api/rename-screen';

const t = consolePageText.presence;

/** The longest screen name the hub takes. */
const MAX_NAME = 40;

/**
 * Who is watching, by role (counts from every tick), and each screen by name (the roster, sent to
 * controllers), which the organizer can name here: 未命名屏幕 becomes 主会场投影 on every hub.
 */
export function PresencePanel({ store, timerId }: { store: TimerStore; timerId: string }) {
  const presence = useTimerStore(store, (s) => s.presence);
  const roster = useTimerStore(store, (s) => s.roster);
  const [editing, setEditing] = useState<string | null>(null);
  const total = presence ? PRESENCE_ROLES.reduce((sum, role) => sum + presence[role], 0) : 0;
  return (
    <section className="console-card" aria-labelledby="console-presence-title" data-testid="presence-panel">
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
            <li
              key={entry.id}
              className="console-roster__item"
              data-testid="presence-screen"
              data-role={entry.role}
            >
              <div className="console-roster__row">
                <span className="console-roster__role">{t.roles[entry.role]}</span>
                <span className="console-roster__name" title={entry.name}>
                  {entry.name}
                </span>
                <span className="console-roster__device">{t.devices[entry.device]}</span>
                {editing === entry.id ? null : (
                  <button
                    type="button"
                    className="console-roster__rename"
                    onClick={() => setEditing(entry.id)}
                    aria-label={format(t.renameLabel, { name: entry.name })}
                  >
                    {t.rename}
                  </button>
                )}
              </div>
              {editing === entry.id ? (
                <RenameForm timerId={timerId} entry={entry} onDone={() => setEditing(null)} />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The inline form that names one screen; its error (in Chinese) beside the field. */
function RenameForm({ timerId, entry, onDone }: { timerId: string; entry: RosterEntry; onDone: () => void }) {
  const [name, setName] = useState(entry.name === t.unnamed ? '' : entry.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameScreen();
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = name.trim();
    if (!value) return setError(t.nameEmpty);
    if (value.length > MAX_NAME) return setError(t.nameTooLong);
    rename.mutate(
      { timerId, screenId: entry.id, name: value },
      {
        onSuccess: () => {
          toast.success(format(t.renamed, { name: value }));
          onDone();
        },
        onError: (failure) => setError(commandError(failure).message),
      },
    );
  };
  return (
    <form className="console-roster__form" onSubmit={submit} noValidate>
      <label className="sr-only" htmlFor={id}>
        {format(t.renameLabel, { name: entry.name })}
      </label>
      <input
        id={id}
        className="input"
        value={name}
        maxLength={MAX_NAME}
        placeholder={t.renamePlaceholder}
        autoFocus
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
        data-testid="presence-rename-input"
      />
      <button type="submit" className="btn btn--primary btn--sm" disabled={rename.isPending}>
        {t.save}
      </button>
      <button type="button" className="btn btn--ghost btn--sm" onClick={onDone}>
        {t.cancel}
      </button>
      {error ? (
        <span className="console-roster__error" id={`${id}-error`} role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}
