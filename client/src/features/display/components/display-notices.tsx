import { display as displayText } from '../../../i18n/zh-CN/display';
import { IconBell } from './display-icons';

const t = displayText;

/** Shown when the hub speaks a newer protocol than this page: 请刷新页面. */
export function OutdatedBanner() {
  return (
    <div className="ds-outdated" role="alert" data-testid="outdated-banner">
      <strong>{t.outdated.title}</strong>
      <span>{t.outdated.body}</span>
      <button type="button" className="ds-button ds-button--solid" onClick={() => window.location.reload()}>
        {t.outdated.action}
      </button>
    </div>
  );
}

/** One tap anywhere unlocks audio (browsers need a gesture before playing sound). */
export function AudioUnlockOverlay({ onUnlock }: { onUnlock: () => void }) {
  return (
    <button type="button" className="ds-unlock" onClick={onUnlock} data-testid="audio-unlock">
      <span className="ds-unlock__pill">
        <IconBell />
        <span>
          <strong>{t.audioUnlock.title}</strong>
          <small>{t.audioUnlock.body}</small>
        </span>
      </span>
    </button>
  );
}

/** A full-page message: timer not found, could not load, refused (`reason`: the hub's, for tests and styles). */
export function DisplayMessagePage({
  title,
  body,
  action,
  reason,
}: {
  title: string;
  body: string;
  action?: { label: string; onClick: () => void };
  reason?: string | undefined;
}) {
  return (
    <main className="ds-error" data-testid="display-error" data-reason={reason} role="alert">
      <div className="ds-error__card">
        <h1 className="ds-error__title">{title}</h1>
        <p className="ds-error__body">{body}</p>
        <div className="ds-error__actions">
          {action && (
            <button type="button" className="btn btn--primary" onClick={action.onClick}>
              {action.label}
            </button>
          )}
          {/* A plain link: the standalone display page has no router (a full load home is fine). */}
          <a href="/" className="btn btn--ghost">
            {t.notFound.home}
          </a>
        </div>
      </div>
    </main>
  );
}
