import type { PeerLink } from '@bianshi/shared';
import type { ConnectionStatus, FallbackView } from '../../../lib/realtime/timer';
import { fallbackBadge, peersBadge } from '../../../components/fallback';
import { display as displayText } from '../../../i18n/zh-CN/display';

const t = displayText;

/** Something wrong with this screen's sync that the status alone does not say, for the badge. */
export interface BadgeProblem {
  /** Replaces the status word (在线 must never show over a clock that no longer follows the hub). */
  text?: string;
  hint: string;
}

/**
 * 在线 / 连接中 / 重连中 / 离线 (or 备用通道 while following the Supabase fallback; or, online, 与其他服务器失联
 * while the hub cannot reach the other hubs as it should), with a hint in its title; `problem` says
 * what else is wrong (同步中断, or why the hub dropped the socket) and wins over the others.
 */
export function ConnectionBadge({
  status,
  fallback = null,
  peers = null,
  problem = null,
}: {
  status: ConnectionStatus;
  fallback?: FallbackView | null;
  peers?: PeerLink | null;
  problem?: BadgeProblem | null;
}) {
  const backup = status === 'online' ? null : fallbackBadge(fallback);
  const apart = status === 'online' ? peersBadge(peers) : null;
  const shown = backup ?? apart;
  const interrupted = problem?.text !== undefined;
  return (
    <span
      className="ds-badge"
      data-status={interrupted ? 'interrupted' : status}
      data-fallback={backup?.kind}
      data-peers={apart?.kind}
      data-testid="connection-badge"
      role="status"
      title={problem?.hint ?? shown?.hint ?? t.connectionHint[status]}
    >
      <span className="ds-badge__dot" aria-hidden="true" />
      {problem?.text ?? shown?.text ?? t.connection[status]}
    </span>
  );
}
