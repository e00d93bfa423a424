import { workbench as workbenchText } from '../../../i18n/zh-CN/workbench';
import { usePresence, type DocSession, type DocSessionState } from '../../../lib/yjs';

const t = workbenchText;

/** Who is in the document (name, colour, role) and whether this copy is in sync. */
export function PresenceBar({ session, state }: { session: DocSession | null; state: DocSessionState }) {
  const people = usePresence(session);
  const status =
    state.status === 'connected' && state.synced
      ? 'connected'
      : state.status === 'connected'
        ? 'connecting'
        : state.status;
  return (
    <div className="wb-presence">
      <span className="wb-status" data-status={status} role="status">
        {t.status[status]}
      </span>
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
            <span className="wb-person__role">{t.roles[user.role]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
