import { workbench as workbenchText } from '../../i18n/zh-CN/workbench';
import { usePresence, type DocSession, type DocSessionState } from '../../lib/yjs';
import './projects.css';

const t = workbenchText;

/** Whether this copy of a document is in sync with the hub, offline, or refused. */
export function SyncStatus({ state }: { state: DocSessionState }) {
  const status =
    state.status === 'connected' && state.synced
      ? 'connected'
      : state.status === 'connected'
        ? 'connecting'
        : state.status;
  return (
    <span className="wb-status" data-status={status} role="status">
      {t.status[status]}
    </span>
  );
}

/** Who is in a document (name, colour, and with `showRole` their role), this person marked. */
export function PresenceList({ session, showRole = false }: { session: DocSession | null; showRole?: boolean }) {
  const people = usePresence(session);
  return (
    <ul className="wb-people" aria-label={t.project.here}>
      {people.map(({ clientId, user, self }) => (
        <li
          key={clientId}
          className="wb-person"
          style={{ ['--person' as string]: user.color }}
          title={`${user.name} · ${t.roles[user.role]}`}
        >
          <span className="wb-person__dot" aria-hidden="true">
            {user.name.slice(0, 1)}
          </span>
          <span className="wb-person__name">
            {user.name}
            {self ? t.project.you : ''}
          </span>
          {showRole ? <span className="wb-person__role">{t.roles[user.role]}</span> : null}
        </li>
      ))}
    </ul>
  );
}
