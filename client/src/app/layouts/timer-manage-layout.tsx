import { useQuery } from '@tanstack/react-query';
import { Link, NavLink, Outlet, useParams } from 'react-router';
import { useTRPC } from '../../lib/api/trpc';
import { ColorModeToggle } from '../../features/color-mode';
import { format, messages } from '../../i18n';
import { IconExternal } from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';
import { toAppError } from '../../lib/api/errors';
import { NotFound } from '../routes/not-found';

const t = messages.layouts.manage;
const pages = messages.routes.pages;

const LINKS = [
  { to: '', label: t.console, end: true },
  { to: 'info', label: pages.manageInfo.title },
  { to: 'timing', label: pages.manageTiming.title },
  { to: 'teams', label: pages.manageTeams.title },
  { to: 'skin', label: pages.manageSkin.title },
  { to: 'logo', label: pages.manageLogo.title },
  { to: 'audio', label: pages.manageAudio.title },
  { to: 'schedule', label: pages.manageSchedule.title },
  { to: 'members', label: pages.manageMembers.title },
  { to: 'integrations', label: pages.manageIntegrations.title },
  { to: 'record', label: pages.manageRecord.title },
  { to: 'offline', label: pages.manageOffline.title },
  { to: 'details', label: pages.manageDetails.title },
];

/** timer-manage: the console's top bar and the settings sidebar of one timer. */
export function TimerManageLayout() {
  const { shortid = '' } = useParams();
  const trpc = useTRPC();
  // The timer's name (public, like its display); the short id only until it arrives or if it cannot.
  const timer = useQuery({
    ...trpc.timer.get.queryOptions({ id: shortid }),
    enabled: shortid !== '',
    retry: false,
    staleTime: 30_000,
  });
  const name = timer.data?.timer.name;
  // No such timer: the site's 404 page alone, not the console's gate under the settings sidebar.
  if (timer.isError && toAppError(timer.error).code === 'NOT_FOUND') {
    return (
      <main id="main" className="status-page-frame">
        <NotFound />
      </main>
    );
  }
  return (
    <div className="layout layout--app">
      <header className="app-bar">
        <Logo />
        <span
          className="app-bar__title"
          data-testid="manage-timer-name"
          title={format(t.timer, { id: shortid })}
        >
          {name || format(t.timer, { id: shortid })}
        </span>
        <div className="app-bar__actions">
          <Link
            to={`/timer/${encodeURIComponent(shortid)}`}
            target="_blank"
            rel="noopener"
            className="btn btn--ghost btn--sm"
          >
            {t.openDisplay}
            <IconExternal />
          </Link>
          <ColorModeToggle />
        </div>
      </header>
      <div className="app-shell">
        <nav className="side-nav" aria-label={t.label}>
          <ul>
            {LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.end} className="side-nav__link">
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="app-shell__main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
