import { workbench as workbenchText } from '../../../i18n/zh-CN/workbench';
import { usePresence, type DocSession } from '../../../lib/yjs';

const t = workbenchText;

/** Who is on the sheet, with their colour and role. */
export function PresenceList({ session }: { session: DocSession | null }) {
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
        </li>
      ))}
    </ul>
  );
}
