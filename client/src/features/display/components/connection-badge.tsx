import type { ConnectionStatus, FallbackView } from '../../../lib/timer-sync';
import { fallbackBadge } from '../../../components/fallback';
import { display as displayText } from '../../../i18n/zh-CN/display';

const t = displayText;

/** 在线 / 连接中 / 重连中 / 离线 (or 备用通道 while following the Supabase fallback), with a hint in its title. */
export function ConnectionBadge({ status, fallback = null }: { status: ConnectionStatus; fallback?: FallbackView | null }) {
  const backup = status === 'online' ? null : fallbackBadge(fallback);
  return (
    <span className="ds-badge" data-status={status} data-fallback={backup?.kind} data-testid="connection-badge" role="status" title={backup?.hint ?? t.connectionHint[status]}>
      <span className="ds-badge__dot" aria-hidden="true" />
      {backup?.text ?? t.connection[status]}
    </span>
  );
}
