import { format, messages } from '../../../i18n';
import { toAppError } from '../../../lib/api/errors';
import { Tooltip } from '../../../components/ui/tooltip';
import { useSystemInfo } from '../../../lib/api/system-info';

const t = messages.site.footer.server;

/** A dot and a line in the footer: is the hub reachable, and which version is it. */
export function ServerStatus() {
  const info = useSystemInfo();
  const state = info.isPending ? 'pending' : info.isError ? 'offline' : 'online';
  const label =
    state === 'pending'
      ? t.connecting
      : state === 'offline'
        ? t.offline
        : format(t.online, { version: info.data?.version ?? '' });
  const detail =
    state === 'online' && info.data
      ? format(t.detail, { protocol: info.data.protocolVersion, database: info.data.database })
      : state === 'offline'
        ? toAppError(info.error).message
        : t.connecting;
  return (
    <Tooltip content={detail} side="top">
      <span
        className="server-status"
        data-state={state}
        tabIndex={0}
        role="status"
        aria-label={`${t.label}：${label}`}
      >
        <span className="server-status__dot" aria-hidden="true" />
        <span className="server-status__label">{label}</span>
      </span>
    </Tooltip>
  );
}
