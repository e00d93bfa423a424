import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { IconLock } from '../../../components/ui/icons';
import { messages } from '../../../i18n';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { commandError } from '../../../lib/realtime/timer';
import { useManagedTimer, type ManagedTimer } from '../api/get-managed-timer';

const t = manageText;
const pages = messages.routes.pages;

/** The page ids of the management pages (their i18n sections). */
export type ManagePageId =
  | 'info'
  | 'logo'
  | 'skin'
  | 'audio'
  | 'teams'
  | 'record'
  | 'timing'
  | 'details'
  | 'offline'
  | 'schedule'
  | 'members'
  | 'integrations';

const TITLES: Record<ManagePageId, string> = {
  info: pages.manageInfo.title,
  logo: pages.manageLogo.title,
  skin: pages.manageSkin.title,
  audio: pages.manageAudio.title,
  teams: pages.manageTeams.title,
  record: pages.manageRecord.title,
  timing: pages.manageTiming.title,
  details: pages.manageDetails.title,
  offline: pages.manageOffline.title,
  schedule: pages.manageSchedule.title,
  members: pages.manageMembers.title,
  integrations: pages.manageIntegrations.title,
};

/** What every management page gets from its frame. */
export interface ManageContext {
  timer: ManagedTimer['timer'];
  role: ManagedTimer['role'];
  /** Editors and owners may change settings; controllers only look. */
  canEdit: boolean;
  shortid: string;
}

/**
 * A management page: its title and lead, then the page once the timer is loaded; without
 * control over the timer, a Chinese explanation and the way to the console. Pages with their
 * own note on who may change them turn off the editors-only note with `editorNote={false}`.
 */
export function ManageFrame({
  page,
  children,
  wide = false,
  editorNote = true,
}: {
  page: ManagePageId;
  children: (context: ManageContext) => ReactNode;
  wide?: boolean;
  editorNote?: boolean;
}) {
  const { shortid = '' } = useParams();
  const query = useManagedTimer(shortid);
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div className="splash">
        <div className="spinner" />
        <span>{t.loading}</span>
      </div>
    );
  } else if (query.isError) {
    const error = commandError(query.error);
    const denied = error.status === 401 || error.status === 403;
    body = denied ? (
      <section className="manage-gate" data-testid="manage-gate">
        <span className="manage-gate__icon" aria-hidden="true">
          <IconLock />
        </span>
        <h2>{t.gate.title}</h2>
        <p>{t.gate.lead}</p>
        <Link className="btn btn--primary" to={`/timer/manage/${encodeURIComponent(shortid)}`}>
          {t.gate.console}
        </Link>
      </section>
    ) : (
      <p className="manage-error" role="alert">
        {error.message}
      </p>
    );
  } else {
    const { timer, role } = query.data;
    const canEdit = role === 'editor' || role === 'owner';
    body = (
      <>
        {!canEdit && editorNote ? <p className="manage-note">{t.editorOnly}</p> : null}
        {children({ timer, role, canEdit, shortid })}
      </>
    );
  }
  const lead = t[page].lead;
  return (
    <div className="manage-page" data-page={page} data-wide={wide}>
      <header className="manage-page__head">
        <h1>{TITLES[page]}</h1>
        <p>{lead}</p>
      </header>
      {body}
    </div>
  );
}
