import type { PeerLink } from '@bianshi/shared';
import type { ConnectionStatus, FallbackView } from '../../../lib/timer-sync';
import { fallbackBadge, peersBadge } from '../../../components/fallback';
import { display as displayText } from '../../../i18n/zh-CN/display';

const t = displayText;

/**
 * 在线 / 连接中 / 重连中 / 离线 (or 备用通道 while following the Supabase fallback; or, online, 与其他服务器失联
 * while the hub cannot reach the other hubs as it should), with a hint in its title.
 */
export function ConnectionBadge({ status, fallback = null, peers = null }: { status: ConnectionStatus; fallback?: FallbackView | null; peers?: PeerLink | null }) {
  const backup = status === 'online' ? null : fallbackBadge(fallback);
  const apart = status === 'online' ? peersBadge(peers) : null;
  const shown = backup ?? apart;
  return (
    <span
      className="ds-badge"
      data-status={status}
      data-fallback={backup?.kind}
      data-peers={apart?.kind}
      data-testid="connection-badge"
      role="status"
      title={shown?.hint ?? t.connectionHint[status]}
    >
      <span className="ds-badge__dot" aria-hidden="true" />
      {shown?.text ?? t.connection[status]}
    </span>
  );
}
