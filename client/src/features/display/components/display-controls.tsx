import type { PeerLink } from '@bianshi/shared';
import { display as displayText } from '../../../i18n/zh-CN/display';
import type { ConnectionStatus, FallbackView } from '../../../lib/realtime/timer';
import { ConnectionBadge, type BadgeProblem } from './connection-badge';
import { IconBell, IconBellOff, IconExpand, IconShrink } from './display-icons';

const t = displayText.controls;

/** The display's corner: connection badge, 本机响铃 switch, fullscreen button. */
export function DisplayControls({
  status,
  fallback = null,
  peers = null,
  problem = null,
  ring,
  onRingChange,
  fullscreen,
}: {
  status: ConnectionStatus;
  fallback?: FallbackView | null;
  peers?: PeerLink | null;
  problem?: BadgeProblem | null;
  ring: boolean;
  onRingChange: (on: boolean) => void;
  fullscreen: { supported: boolean; active: boolean; toggle: () => void };
}) {
  return (
    <div className="ds-controls" role="toolbar" aria-label={t.label}>
      <ConnectionBadge status={status} fallback={fallback} peers={peers} problem={problem} />
      <button
        type="button"
        className="ds-button"
        role="switch"
        aria-checked={ring}
        data-testid="ring-toggle"
        title={ring ? t.ringOn : t.ringOff}
        onClick={() => onRingChange(!ring)}
      >
        {ring ? <IconBell /> : <IconBellOff />}
        <span>{t.ring}</span>
      </button>
      {fullscreen.supported && (
        <button
          type="button"
          className="ds-button"
          onClick={fullscreen.toggle}
          aria-pressed={fullscreen.active}
        >
          {fullscreen.active ? <IconShrink /> : <IconExpand />}
          <span>{fullscreen.active ? t.exitFullscreen : t.fullscreen}</span>
        </button>
      )}
    </div>
  );
}
