import type { PresenceRole } from '@bianshi/shared';
import { TimerDisplay } from '../../../components/timer-display';
import { display as displayText } from '../../../i18n/zh-CN/display';
import { format } from '../../../i18n/format';
import type { AppError } from '../../../lib/api/errors';
import {
  useDisplaySettings,
  useTimerStore,
  watchMayRecover,
  type DropReason,
  type TimerStore,
} from '../../../lib/realtime/timer';
import { useBellRinger } from '../hooks/use-bell-ringer';
import { useDisplayTitle } from '../hooks/use-display-title';
import { useFullscreen, useIdle, useWakeLock } from '../hooks/use-screen-helpers';
import { useRingPreference } from '../stores/ring-preference';
import type { BadgeProblem } from './connection-badge';
import { DisplayControls } from './display-controls';
import { AudioUnlockOverlay, DisplayMessagePage, OutdatedBanner } from './display-notices';
import '../display.css';

const t = displayText;

/** The page title of a watch the hub refused for good, by its reason. */
function refusalTitle(error: AppError): string {
  switch (error.reason) {
    case 'timer-private':
    case 'view-key-required':
      return t.refused.private;
    case 'view-key-changed':
    case 'view-key-wrong':
      return t.refused.viewKey;
    case 'judge-required':
    case 'judge-key-wrong':
    case 'judge-key-changed':
      return t.refused.judge;
    case 'access-revoked':
      return t.refused.revoked;
    case 'plan-limit':
      return t.refused.planLimit;
    default:
      return t.loadFailed.title;
  }
}

/** What the badge adds to the status: the sync interrupted while the socket is up, or why the hub dropped it. */
function badgeProblem(error: AppError | null, dropped: DropReason | null): BadgeProblem | null {
  if (error)
    return { text: t.interrupted.text, hint: format(t.interrupted.hint, { message: error.message }) };
  return dropped ? { hint: t.dropped[dropped] } : null;
}

/**
 * The projector screen around the timer display: bells (本机响铃, audio unlock), wake lock,
 * fullscreen, idle cursor, connection badge, the 请刷新 banner and the tab's title (the timer's name).
 */
export function DisplayScreen({ store, role }: { store: TimerStore; role: PresenceRole }) {
  const status = useTimerStore(store, (s) => s.status);
  const fallback = useTimerStore(store, (s) => s.fallback);
  const peers = useTimerStore(store, (s) => s.peers);
  const outdated = useTimerStore(store, (s) => s.protocolMismatch);
  const error = useTimerStore(store, (s) => s.error);
  const dropped = useTimerStore(store, (s) => s.dropped);
  const hasState = useTimerStore(store, (s) => s.state !== null);
  // 黑屏 means black: no controls, badges or banners on the projector until it is lifted.
  const blackout = useTimerStore(store, (s) => s.state?.overlay.blackout ?? false);
  const settings = useDisplaySettings(store);
  const [ring, setRing] = useRingPreference(role);
  const ringer = useBellRinger(store, settings, ring);
  const fullscreen = useFullscreen();
  const idle = useIdle();
  useWakeLock();
  useDisplayTitle(store);

  // A watch refused for good (private, a judge link, not found) says why in place of the clock,
  // which would otherwise stand frozen; one that may recover keeps the clock and says so in the badge.
  if (error && (!hasState || !watchMayRecover(error))) {
    const notFound = error.code === 'NOT_FOUND' || error.status === 404;
    return notFound ? (
      <DisplayMessagePage title={t.notFound.title} body={t.notFound.body} />
    ) : (
      <DisplayMessagePage
        title={refusalTitle(error)}
        body={error.message}
        reason={error.reason}
        action={{
          label: watchMayRecover(error) ? t.loadFailed.retry : t.refused.retry,
          onClick: () => window.location.reload(),
        }}
      />
    );
  }

  return (
    <div
      className={`ds ${idle ? 'ds--idle' : ''}`}
      data-ring={ring ? 'on' : 'off'}
      data-ring-count={ringer.rings}
      data-status={status}
    >
      <TimerDisplay store={store} variant="full">
        {!blackout && (
          <>
            <DisplayControls
              status={status}
              fallback={fallback}
              peers={peers}
              problem={badgeProblem(error, status === 'online' ? null : dropped)}
              ring={ring}
              onRingChange={setRing}
              fullscreen={fullscreen}
            />
            {outdated && <OutdatedBanner />}
            {ringer.locked && <AudioUnlockOverlay onUnlock={() => void ringer.unlock()} />}
          </>
        )}
      </TimerDisplay>
    </div>
  );
}
