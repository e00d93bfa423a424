/**
 * The lobby's audience screen on its own page (`lobby-screen.html`, src/lobby-screen-main.tsx):
 * what a phone that scanned the join code, a judge's link (`?judge=`) or a projector
 * (`?as=display`) opens. The hub serves it only to browsers that cannot be the organizer, so the
 * screen's role is known from the address and it joins at once, without asking the hub first;
 * the watch itself checks the join link and the judge key. Organizers get the site's page
 * (lobby-room-page.tsx) with the console.
 */
import { LOBBY_SCREEN_AS_DISPLAY, lobbyScreenIdOf, type PresenceRole } from '@bianshi/shared';
import { useRef, useState } from 'react';
import { useStore } from 'zustand';
import { lobby as lobbyText } from '../../../i18n/zh-CN/lobby';
import { deviceKindOf, storedScreenName, useLobbyWatch, type LobbyStore } from '../../../lib/realtime/lobby';
import { useStandaloneHead } from '../../../lib/page/standalone-page';
import { lobbyErrorMessage } from '../api/lobby-errors';
import { lobbyJoinUrl, LobbyScreenTop } from './lobby-header';
import { ModeView } from './lobby-views';
import { ScreenOverlays } from './screen-overlays';
import '../lobby.css';

const t = lobbyText.room;

/** What a lobby screen's address says: its lobby, its role, and the keys it joins with. */
export interface AudienceAddress {
  lobbyId: string;
  role: Extract<PresenceRole, 'audience' | 'judge' | 'display'>;
  token: string | undefined;
  judgeKey: string | undefined;
}

/** The screen an address opens; null when it is not a lobby screen's. */
export function audienceAddressOf(url: URL): AudienceAddress | null {
  const lobbyId = lobbyScreenIdOf(url.pathname);
  if (lobbyId === null) return null;
  const judgeKey = url.searchParams.get('judge') || undefined;
  const role = judgeKey
    ? 'judge'
    : url.searchParams.get('as') === LOBBY_SCREEN_AS_DISPLAY
      ? 'display'
      : 'audience';
  return { lobbyId, role, token: url.searchParams.get('t') || undefined, judgeKey };
}

/** A plain link back to the lobby list (this page has no router). */
function BackLink() {
  return (
    <a href="/lobby" className="btn btn--secondary">
      {t.backToLobbies}
    </a>
  );
}

/** Why a lobby screen cannot open, with the way back. */
export function LobbyFailure({ message }: { message: string }) {
  return (
    <section className="lobby-fail" role="alert" data-testid="lobby-error">
      <h1>{t.errorTitle}</h1>
      <p>{message}</p>
      <BackLink />
    </section>
  );
}

/** One screen in a lobby, watching it: the lobby's header, its notice, the featured match or the grid. */
export function AudienceScreen({ lobbyId, role, token, judgeKey }: AudienceAddress) {
  const userAgent = navigator.userAgent;
  const [name] = useState(() => storedScreenName(userAgent));
  const store = useLobbyWatch({
    lobbyId,
    role,
    name,
    device: deviceKindOf(userAgent),
    route: `${window.location.pathname}${window.location.search}`,
    token,
    judgeKey,
    enabled: true,
  });
  const lobbyName = useStore(store, (s) => s.lobby?.name ?? null);
  useStandaloneHead(lobbyName ?? t.pageTitle);
  return (
    <AudienceRoom
      store={store}
      role={role}
      joinUrl={lobbyJoinUrl(window.location.origin, lobbyId, token)}
      onMove={(path) => window.location.assign(path)}
    />
  );
}

/**
 * What a lobby screen shows of `store`: in the browser, the watch's; on the hub, the snapshot
 * its page carries (`src/screen-server.tsx`). Reads nothing of the browser.
 */
export function AudienceRoom({
  store,
  role,
  joinUrl,
  onMove,
}: {
  store: LobbyStore;
  role: AudienceAddress['role'];
  joinUrl: string;
  onMove: (path: string) => void;
}) {
  const joined = useStore(store, (s) => s.lobby !== null);
  const error = useStore(store, (s) => s.error);
  const room = useRef<HTMLDivElement>(null);

  if (error && !joined) return <LobbyFailure message={lobbyErrorMessage(error)} />;
  return (
    <div className="lobby-room" data-role={role} ref={room}>
      <LobbyScreenTop store={store} joinUrl={joinUrl} room={room} />
      <div className="lobby-room__body">
        <ModeView store={store} />
      </div>
      <ScreenOverlays store={store} onMove={onMove} back={<BackLink />} />
    </div>
  );
}
