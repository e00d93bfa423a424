import type { PresenceRole } from '@bianshi/shared';
import { TimerDisplay } from '../../../components/timer-display';
import { display as displayText } from '../../../i18n/zh-CN/display';
import { useDisplaySettings, useTimerStore, type TimerStore } from '../../../lib/timer-sync';
import { useBellRinger } from '../hooks/use-bell-ringer';
import { useDisplayTitle } from '../hooks/use-display-title';
import { useFullscreen, useIdle, useWakeLock } from '../hooks/use-screen-helpers';
import { useRingPreference } from '../stores/ring-preference';
import { DisplayControls } from './display-controls';
import { AudioUnlockOverlay, DisplayMessagePage, OutdatedBanner } from './display-notices';
import '../display.css';

const t = displayText;

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

  if (error && !hasState) {
    const notFound = error.code === 'NOT_FOUND' || error.status === 404;
    return notFound ? (
      <DisplayMessagePage title={t.notFound.title} body={t.notFound.body} />
    ) : (
      <DisplayMessagePage title={t.loadFailed.title} body={error.message} action={{ label: t.loadFailed.retry, onClick: () => window.location.reload() }} />
    );
  }

  return (
    <div className={`ds ${idle ? 'ds--idle' : ''}`} data-ring={ring ? 'on' : 'off'} data-ring-count={ringer.rings} data-status={status}>
      <TimerDisplay store={store} variant="full">
        {!blackout && (
          <>
            <DisplayControls status={status} fallback={fallback} peers={peers} ring={ring} onRingChange={setRing} fullscreen={fullscreen} />
            {outdated && <OutdatedBanner />}
            {ringer.locked && <AudioUnlockOverlay onUnlock={() => void ringer.unlock()} />}
          </>
        )}
      </TimerDisplay>
    </div>
  );
}
