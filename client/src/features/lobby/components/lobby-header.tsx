import { PRESENCE_ROLES, type PresenceCounts } from '@bianshi/shared';
import { useState, type ReactNode, type RefObject } from 'react';
import { useStore } from 'zustand';
import { Dialog } from '../../../components/ui/dialog';
import { FullscreenButton } from '../../../components/ui/fullscreen-button';
import { format } from '../../../i18n/format';
import { display as displayText } from '../../../i18n/zh-CN/display';
import { lobby as lobbyText } from '../../../i18n/zh-CN/lobby';
import { lobbyErrorMessage } from '../api/lobby-errors';
import type { LobbyStore } from '../../../lib/realtime/lobby';
import { JoinQr } from './join-qr';
import { NoticeBanner } from './screen-overlays';

const t = lobbyText.room;

/** A lobby's join address: `/lobby/:id`, with the join link's token for a private lobby. */
export function lobbyJoinUrl(origin: string, lobbyId: string, token: string | undefined): string {
  return `${origin}/lobby/${encodeURIComponent(lobbyId)}${token ? `?t=${encodeURIComponent(token)}` : ''}`;
}

/**
 * The top of every lobby screen (the audience's page and the site's): the header with the
 * full-screen button for `room`, the organizer's notice, and the watch's error in Chinese.
 */
export function LobbyScreenTop({
  store,
  joinUrl,
  room,
}: {
  store: LobbyStore;
  joinUrl: string;
  room: RefObject<HTMLElement | null>;
}) {
  const error = useStore(store, (s) => s.error);
  return (
    <>
      <LobbyHeader
        store={store}
        joinUrl={joinUrl}
        actions={
          <FullscreenButton
            target={room}
            className="btn btn--sm btn--secondary lobby-head__fullscreen"
            labels={{ enter: t.fullscreen, exit: displayText.controls.exitFullscreen }}
          />
        }
      />
      <NoticeBanner store={store} />
      {error && (
        <p className="lobby-error" role="alert">
          {lobbyErrorMessage(error)}
        </p>
      )}
    </>
  );
}

/** The host a join link points at (shown under the code); empty for a link without one. */
function hostOf(joinUrl: string): string {
  try {
    return new URL(joinUrl).host;
  } catch {
    return '';
  }
}

/** Spaces a code for reading aloud and from afar: `K7M 2QX`. */
export function spacedCode(code: string): string {
  return code.length === 6 ? `${code.slice(0, 3)} ${code.slice(3)}` : code;
}

/** Counts by role, for everyone. */
export function PresenceLine({ presence }: { presence: PresenceCounts | null }) {
  if (!presence) return null;
  const total = PRESENCE_ROLES.reduce((sum, role) => sum + presence[role], 0);
  return (
    <p className="lobby-presence" aria-label={lobbyText.presence.counts} data-testid="lobby-presence">
      <strong>{format(lobbyText.presence.online, { n: total })}</strong>
      {PRESENCE_ROLES.filter((role) => presence[role] > 0).map((role) => (
        <span key={role} className="lobby-presence__role" data-role={role}>
          {lobbyText.roles[role]} {presence[role]}
        </span>
      ))}
    </p>
  );
}

/**
 * The lobby's name, its code and join QR (large enough to scan from a projector in the dialog),
 * and presence by role.
 */
export function LobbyHeader({
  store,
  joinUrl,
  actions,
}: {
  store: LobbyStore;
  joinUrl: string;
  actions?: ReactNode;
}) {
  const lobby = useStore(store, (s) => s.lobby);
  const presence = useStore(store, (s) => s.presence);
  const self = useStore(store, (s) => s.self);
  const [qrOpen, setQrOpen] = useState(false);
  if (!lobby) return null;
  const isPrivate = lobby.visibility === 'private';
  const host = hostOf(joinUrl);
  return (
    <header className="lobby-head">
      <div className="lobby-head__main">
        <h1 className="lobby-head__title" data-testid="lobby-name">
          {lobby.name}
        </h1>
        <PresenceLine presence={presence} />
        {self && <p className="lobby-head__self">{format(t.screenName, { name: self.name })}</p>}
      </div>
      <div className="lobby-head__join">
        <button
          type="button"
          className="lobby-head__qr"
          onClick={() => setQrOpen(true)}
          aria-label={t.qrTitle}
        >
          <JoinQr value={joinUrl} label={t.scanToJoin} size={88} />
        </button>
        <div className="lobby-head__code">
          <span className="lobby-head__code-label">{isPrivate ? t.scanToJoin : t.code}</span>
          {!isPrivate && (
            <span className="lobby-head__code-value" data-testid="lobby-code-value">
              {spacedCode(lobby.code)}
            </span>
          )}
          <span className="lobby-head__hint">{isPrivate ? t.privateNote : format(t.joinAt, { host })}</span>
        </div>
        {actions}
      </div>
      <Dialog
        open={qrOpen}
        title={t.qrTitle}
        onClose={() => setQrOpen(false)}
        footer={
          <button type="button" className="btn btn--primary" onClick={() => setQrOpen(false)}>
            {t.close}
          </button>
        }
      >
        <div className="lobby-qr-big">
          <JoinQr value={joinUrl} label={t.scanToJoin} size="min(62vh, 70vw)" />
          {!isPrivate && <p className="lobby-qr-big__code">{spacedCode(lobby.code)}</p>}
          <p className="lobby-qr-big__link">{joinUrl.replace(/^https?:\/\//, '')}</p>
        </div>
      </Dialog>
    </header>
  );
}
