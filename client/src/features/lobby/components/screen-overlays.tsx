import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { lobby as lobbyText } from '../../../i18n/zh-CN/lobby';
import type { LobbyStore } from '../../../lib/realtime/lobby';

const t = lobbyText.room;

/** The organizer's message to every screen, as a banner. */
export function NoticeBanner({ store }: { store: LobbyStore }) {
  const notice = useStore(store, (s) => s.lobby?.notice ?? null);
  if (!notice) return null;
  return (
    <div className="lobby-notice" role="status" aria-live="polite" data-testid="lobby-notice">
      <span className="lobby-notice__label">{t.noticeLabel}</span>
      <span className="lobby-notice__text">{notice.text}</span>
    </div>
  );
}

/**
 * What the organizer sent to this screen alone: a message (until dismissed), its name flashing
 * (identify), and the end of the stream (disconnected, or moved to another lobby). `back` is the
 * way back to the lobby list (the site's router link, or a plain link on the audience's own page).
 */
export function ScreenOverlays({
  store,
  onMove,
  back,
}: {
  store: LobbyStore;
  onMove: (path: string) => void;
  back: ReactNode;
}) {
  const message = useStore(store, (s) => s.message);
  const identify = useStore(store, (s) => s.identify);
  const farewell = useStore(store, (s) => s.farewell);
  const [, setTick] = useState(0);

  useEffect(() => {
    if (!identify) return;
    const timeout = setTimeout(() => setTick((n) => n + 1), Math.max(0, identify.untilMs - Date.now()));
    return () => clearTimeout(timeout);
  }, [identify]);

  useEffect(() => {
    if (farewell?.type === 'move') onMove(farewell.path);
  }, [farewell, onMove]);

  return (
    <>
      {message && (
        <div
          className="lobby-message"
          role="alertdialog"
          aria-label={t.messageLabel}
          data-testid="lobby-message"
        >
          <p className="lobby-message__label">{t.messageLabel}</p>
          <p className="lobby-message__text">{message.text}</p>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => store.getState().dismissMessage()}
          >
            {t.dismiss}
          </button>
        </div>
      )}
      {identify && identify.untilMs > Date.now() && (
        <div className="lobby-identify" role="status" data-testid="lobby-identify">
          <span>{identify.name}</span>
        </div>
      )}
      {farewell && (
        <div className="lobby-farewell" role="alert" data-testid="lobby-farewell">
          <h2>{farewell.type === 'move' ? t.movedTitle : t.disconnectedTitle}</h2>
          {farewell.type === 'disconnect' && <p>{farewell.reason}</p>}
          {farewell.type === 'disconnect' && (
            <div className="lobby-farewell__actions">
              <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
                {t.rejoin}
              </button>
              {back}
            </div>
          )}
        </div>
      )}
    </>
  );
}
