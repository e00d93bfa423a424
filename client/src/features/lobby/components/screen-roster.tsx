import type { LobbyRosterEntry } from '@bianshi/shared';
import { useState, type FormEvent } from 'react';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../lib/toast';
import { format } from '../../../i18n';
import { lazyFormat } from '../../../i18n/format';
import { lobby as lobbyText } from '../../../i18n/zh-CN/lobby';
import type { OrganizerActions } from '../api/use-organizer-actions';

const t = lobbyText.console;
const timeFormat = lazyFormat<number | Date>(
  () => new Intl.DateTimeFormat('zh-CN', { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
);

type Pending = { screenId: string; kind: 'rename' | 'message' | 'move' } | null;

/**
 * Every connected screen (name, role, device, connected since, route) with remote control:
 * identify, rename, message, move to another lobby, disconnect. Updated by every tick.
 */
export function ScreenRoster({
  roster,
  selfId,
  actions,
}: {
  roster: LobbyRosterEntry[] | null;
  selfId: string | null;
  actions: OrganizerActions;
}) {
  const [pending, setPending] = useState<Pending>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const open = (screenId: string, kind: NonNullable<Pending>['kind'], initial = '') => {
    setPending({ screenId, kind });
    setValue(initial);
    setError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) return;
    const text = value.trim();
    // An empty value changes nothing: say so, and never report it done.
    if (!text) return setError(t.empty[pending.kind]);
    setError(null);
    const run =
      pending.kind === 'rename'
        ? actions.rename(pending.screenId, text)
        : pending.kind === 'message'
          ? actions.messageScreen(pending.screenId, text)
          : actions.move(pending.screenId, text);
    if (await run) {
      toast.success(format(t.doneAs[pending.kind], { name: text }));
      setPending(null);
    }
  };

  const confirm = useConfirm();
  const disconnect = async (entry: LobbyRosterEntry) => {
    if (
      !(await confirm.ask({
        title: format(t.disconnectTitle, { name: entry.name }),
        body: t.disconnectBody,
        confirmLabel: t.disconnect,
        tone: 'danger',
      }))
    )
      return;
    if (await actions.disconnect(entry.id)) toast.success(t.done);
  };

  return (
    <section
      className="lobby-panel lobby-roster"
      aria-labelledby="lobby-roster-title"
      data-testid="lobby-roster"
    >
      {confirm.dialog}
      <h2 id="lobby-roster-title" className="lobby-panel__title">
        {t.rosterTitle} <span className="lobby-muted">{roster?.length ?? 0}</span>
      </h2>
      {!roster || roster.length === 0 ? (
        <p className="lobby-muted">{t.rosterEmpty}</p>
      ) : (
        <div className="lobby-roster__scroll">
          <table className="lobby-table">
            <thead>
              <tr>
                <th scope="col">{t.columns.name}</th>
                <th scope="col">{t.columns.role}</th>
                <th scope="col">{t.columns.device}</th>
                <th scope="col">{t.columns.since}</th>
                <th scope="col">{t.columns.route}</th>
                <th scope="col">{t.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {roster.map((entry) => (
                <RosterRow
                  key={entry.id}
                  entry={entry}
                  self={entry.id === selfId}
                  pending={pending?.screenId === entry.id ? pending.kind : null}
                  value={value}
                  onValue={(next) => {
                    setValue(next);
                    setError(null);
                  }}
                  error={pending?.screenId === entry.id ? error : null}
                  onOpen={(kind) => open(entry.id, kind, kind === 'rename' ? entry.name : '')}
                  onCancel={() => setPending(null)}
                  onSubmit={submit}
                  onIdentify={() => void actions.identify(entry.id)}
                  onDisconnect={() => void disconnect(entry)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function RosterRow(props: {
  entry: LobbyRosterEntry;
  self: boolean;
  pending: NonNullable<Pending>['kind'] | null;
  value: string;
  onValue: (value: string) => void;
  error: string | null;
  onOpen: (kind: NonNullable<Pending>['kind']) => void;
  onCancel: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  onIdentify: () => void;
  onDisconnect: () => void;
}) {
  const { entry, pending } = props;
  const prompt =
    pending === 'rename'
      ? t.renamePrompt
      : pending === 'message'
        ? format(t.messagePrompt, { name: entry.name })
        : t.movePrompt;
  return (
    <>
      <tr data-testid="lobby-roster-row" data-screen-id={entry.id} data-role={entry.role}>
        <td className="lobby-table__name">
          {entry.name}
          {props.self && <span className="lobby-muted">{t.you}</span>}
        </td>
        <td>
          <span className="lobby-role" data-role={entry.role}>
            {lobbyText.roles[entry.role]}
          </span>
        </td>
        <td>{lobbyText.devices[entry.device]}</td>
        <td className="lobby-table__num">{timeFormat.format(entry.connectedSince)}</td>
        <td className="lobby-table__route" title={entry.route}>
          {entry.route || '—'}
        </td>
        <td className="lobby-table__actions">
          <button type="button" className="btn btn--sm btn--ghost" onClick={props.onIdentify}>
            {t.identify}
          </button>
          <button type="button" className="btn btn--sm btn--ghost" onClick={() => props.onOpen('rename')}>
            {t.rename}
          </button>
          <button type="button" className="btn btn--sm btn--ghost" onClick={() => props.onOpen('message')}>
            {t.message}
          </button>
          <button type="button" className="btn btn--sm btn--ghost" onClick={() => props.onOpen('move')}>
            {t.move}
          </button>
          <button
            type="button"
            className="btn btn--sm btn--ghost lobby-danger"
            onClick={props.onDisconnect}
            disabled={props.self}
          >
            {t.disconnect}
          </button>
        </td>
      </tr>
      {pending && (
        <tr className="lobby-table__editor">
          <td colSpan={6}>
            <form className="lobby-inline-form" onSubmit={(event) => void props.onSubmit(event)}>
              <label className="lobby-inline-form__label">
                <span>{prompt}</span>
                <input
                  className="input"
                  value={props.value}
                  onChange={(e) => props.onValue(e.target.value)}
                  maxLength={pending === 'message' ? 200 : 40}
                  aria-invalid={props.error !== null}
                  autoFocus
                  data-testid="roster-input"
                />
              </label>
              <button type="submit" className="btn btn--sm btn--primary">
                {t.submitAs[pending]}
              </button>
              <button type="button" className="btn btn--sm btn--ghost" onClick={props.onCancel}>
                {lobbyText.room.close}
              </button>
              {props.error && (
                <p className="lobby-error lobby-inline-form__error" role="alert" data-testid="roster-error">
                  {props.error}
                </p>
              )}
            </form>
          </td>
        </tr>
      )}
    </>
  );
}
