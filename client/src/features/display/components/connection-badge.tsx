import type { ConnectionStatus } from '../../../lib/timer-sync';
import { messages } from '../../../i18n';

const t = messages.display;

/** 在线 / 连接中 / 重连中 / 离线, with a hint in its title. */
export function ConnectionBadge({ status }: { status: ConnectionStatus }) {
  return (
    <span className="ds-badge" data-status={status} data-testid="connection-badge" role="status" title={t.connectionHint[status]}>
      <span className="ds-badge__dot" aria-hidden="true" />
      {t.connection[status]}
    </span>
  );
}
