import { useCallback, useRef } from 'react';
import { YJS_REFUSALS, type YjsNotice, type YjsNoticeCode } from '@bianshi/shared';
import { workbench as workbenchText } from '../../i18n/zh-CN/workbench';
import { toast } from '../../lib/toast';
import { usePresence, type DocSession, type DocSessionState } from '../../lib/realtime/documents';
import './projects.css';

const t = workbenchText;

/**
 * Whether this copy of a document is in sync with the hub, offline (the browser says so at once),
 * or refused (and why).
 */
export function SyncStatus({ state }: { state: DocSessionState }) {
  const status =
    state.status === 'refused'
      ? 'refused'
      : state.offline
        ? 'disconnected'
        : state.status === 'connected' && state.synced
          ? 'connected'
          : state.status === 'connected'
            ? 'connecting'
            : state.status;
  const text =
    status === 'refused' && state.refusal
      ? `${t.status.refused}：${t.refusals[state.refusal]}`
      : t.status[status];
  return (
    <span className="wb-status" data-status={status} data-refusal={state.refusal ?? undefined} role="status">
      {text}
    </span>
  );
}

/** Notices after which the person's role on the project may have changed. */
const ROLE_NOTICES: ReadonlySet<YjsNoticeCode> = new Set([
  'read-only',
  'access-revoked',
  'invite-expired',
  'signed-out',
]);

/**
 * The notice handler of a project page: a toast (a refused edit adds that the hub's version was
 * loaded again), and `refreshRole` when the person's role may have changed, so the page stops
 * offering what the hub refuses.
 */
export function useDocNotices(refreshRole: () => unknown): (notice: YjsNotice) => void {
  const latest = useRef(refreshRole);
  latest.current = refreshRole;
  return useCallback((notice: YjsNotice) => {
    const reloaded = YJS_REFUSALS[notice.code]?.after === 'resync';
    toast.error(reloaded ? `${notice.message}${t.reloaded}` : notice.message, { id: notice.code });
    if (ROLE_NOTICES.has(notice.code)) void latest.current();
  }, []);
}

/** Who is in a document (name, colour, and with `showRole` their role), this person marked. */
export function PresenceList({
  session,
  showRole = false,
}: {
  session: DocSession | null;
  showRole?: boolean;
}) {
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
