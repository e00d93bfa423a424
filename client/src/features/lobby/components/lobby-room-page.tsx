import { LOBBY_SCREEN_AS_DISPLAY, type PresenceRole } from '@bianshi/shared';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useStore } from 'zustand';
import { lobby as lobbyText } from '../../../i18n/zh-CN/lobby';
import { session } from '../../../lib/browser/storage';
import { useTRPC } from '../../../lib/api/trpc';
import { lobbyErrorMessage } from '../api/lobby-errors';
import { useLobbyInfo } from '../api/lobby-queries';
import { useOrganizerActions } from '../api/use-organizer-actions';
import { deviceKindOf, storedScreenName, useLobbyWatch } from '../../../lib/realtime/lobby';
import { lobbyJoinUrl, LobbyScreenTop } from './lobby-header';
import { ModeView } from './lobby-views';
import type { WebhooksPanel } from './lobby-webhooks';
import { OrganizerConsole } from './organizer-console';
import { ScreenRoster } from './screen-roster';
import { ScreenOverlays } from './screen-overlays';
import '../lobby.css';

const t = lobbyText.room;
/** sessionStorage key prefix of a lobby's organizer link, for the tab that created it. */
const ORGANIZER_LINK_PREFIX = 'bianshi:lobby-organizer:';

/**
 * `/lobby/:id`: a screen in a lobby. Audience (no account), judge (`?judge=` link), organizer
 * (organizer cookie or account; an organizer link `?key=` is exchanged for the cookie and
 * dropped from the address). Private lobbies need the join link (`?t=`). `?as=display` makes an
 * organizer's browser a plain projector screen. `WebhooksPanel`: what the organizer's console
 * shows for the lobby's webhooks.
 */
export function LobbyRoomPage({ WebhooksPanel }: { WebhooksPanel: WebhooksPanel }) {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const trpc = useTRPC();
  const token = params.get('t') ?? undefined;
  const judgeKey = params.get('judge') ?? undefined;
  const organizerKey = params.get('key');
  const asDisplay = params.get('as') === LOBBY_SCREEN_AS_DISPLAY;

  const claim = useMutation(trpc.lobby.claimOrganizer.mutationOptions());
  const claimed = useRef(false);
  useEffect(() => {
    if (!organizerKey || claimed.current) return;
    claimed.current = true;
    claim.mutate(
      { lobbyId: id, key: organizerKey },
      {
        onSettled: () => {
          const next = new URLSearchParams(params);
          next.delete('key');
          void navigate({ pathname: location.pathname, search: next.toString() }, { replace: true });
        },
      },
    );
  }, [organizerKey, id, claim, params, navigate, location.pathname]);

  const info = useLobbyInfo({ lobbyId: id, token, judgeKey }, !organizerKey);
  const role: PresenceRole | null = !info.data
    ? null
    : info.data.role === 'organizer' && !asDisplay
      ? 'controller'
      : info.data.role === 'judge'
        ? 'judge'
        : asDisplay
          ? 'display'
          : 'audience';

  if (info.isError) {
    return (
      <section className="lobby-fail" role="alert" data-testid="lobby-error">
        <h1>{t.errorTitle}</h1>
        <p>{lobbyErrorMessage(info.error)}</p>
        <Link to="/lobby" className="btn btn--primary">
          {t.backToLobbies}
        </Link>
      </section>
    );
  }
  if (!info.data || !role) return <p className="lobby-loading">{t.loading}</p>;
  return (
    <LobbyScreenView
      key={`${id}:${role}`}
      lobbyId={id}
      role={role}
      token={token}
      judgeKey={judgeKey}
      links={info.data.links}
      WebhooksPanel={WebhooksPanel}
    />
  );
}

function LobbyScreenView(props: {
  lobbyId: string;
  role: PresenceRole;
  token: string | undefined;
  judgeKey: string | undefined;
  links: { join: string; judge: string } | null;
  WebhooksPanel: WebhooksPanel;
}) {
  const { lobbyId, role, token, judgeKey, links, WebhooksPanel } = props;
  const navigate = useNavigate();
  const location = useLocation();
  const organizer = role === 'controller';
  const userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const [name] = useState(() => storedScreenName(userAgent));
  const store = useLobbyWatch({
    lobbyId,
    role,
    name,
    device: deviceKindOf(userAgent),
    route: `${location.pathname}${location.search}`,
    token,
    judgeKey,
    enabled: true,
  });
  const actions = useOrganizerActions(lobbyId);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  // Right after creating, the organizer link is shown; this tab keeps it (sessionStorage, never
  // localStorage) so a reload still shows it to its organizer. Closing the tab forgets it.
  const stateKey = (location.state as { organizerKey?: unknown } | null)?.organizerKey;
  const createdKey = useMemo(() => {
    const storageKey = `${ORGANIZER_LINK_PREFIX}${lobbyId}`;
    if (typeof stateKey === 'string') {
      session.set(storageKey, stateKey);
      return stateKey;
    }
    return organizer ? session.get(storageKey) : null;
  }, [stateKey, lobbyId, organizer]);
  const absolute = useMemo(
    () =>
      links
        ? {
            join: origin + links.join,
            judge: origin + links.judge,
            ...(typeof createdKey === 'string'
              ? { organizer: `${origin}/lobby/${lobbyId}?key=${createdKey}` }
              : {}),
          }
        : null,
    [links, origin, createdKey, lobbyId],
  );
  const joinUrl = absolute?.join ?? lobbyJoinUrl(origin, lobbyId, token);
  const onMove = useCallback((path: string) => void navigate(path), [navigate]);
  const roster = useStore(store, (s) => s.roster);
  const selfId = useStore(store, (s) => s.self?.id ?? null);
  const room = useRef<HTMLDivElement>(null);

  return (
    <div className="lobby-room" data-role={role} ref={room}>
      <LobbyScreenTop store={store} joinUrl={joinUrl} room={room} />
      <div className={organizer ? 'lobby-room__body lobby-room__body--console' : 'lobby-room__body'}>
        <ModeView
          store={store}
          onFeature={organizer ? (timerId) => void actions.setFeatured(timerId) : undefined}
        />
        {organizer && (
          <OrganizerConsole store={store} actions={actions} links={absolute} WebhooksPanel={WebhooksPanel} />
        )}
      </div>
      {organizer && <ScreenRoster roster={roster} selfId={selfId} actions={actions} />}
      <ScreenOverlays
        store={store}
        onMove={onMove}
        back={
          <Link to="/lobby" className="btn btn--secondary">
            {t.backToLobbies}
          </Link>
        }
      />
    </div>
  );
}
