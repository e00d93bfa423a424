import { useParams, useSearchParams } from 'react-router';
import { consolePage as consolePageText } from '../../../i18n/zh-CN/console';
import { commandError } from '../../../lib/realtime/timer';
import { useConsoleTimer } from '../api/get-console-timer';
import { ConsolePage } from '../components/console-page';
import { ControlGate } from '../components/control-gate';
import { useControlClaim } from '../hooks/use-control-claim';
import { useInstallSupport } from '../hooks/use-install-support';
import '../console.css';
import '../components/console-extras.css';

const t = consolePageText;

/** `/timer/manage/:shortid`: claims a control link, then shows the console (or explains why not). */
export function ConsoleRoute() {
  const { shortid = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const claim = useControlClaim(shortid);
  const timer = useConsoleTimer(shortid, claim.status !== 'claiming');
  useInstallSupport();

  if (claim.status === 'claiming' || timer.isPending) {
    return (
      <div className="splash">
        <div className="spinner" />
        <span>{claim.status === 'claiming' ? t.claiming : t.loading}</span>
      </div>
    );
  }
  if (timer.isError) {
    const error = commandError(timer.error);
    // No such timer: the layout shows the site's 404 page; never 需要控制权限 above 找不到.
    if (error.code === 'NOT_FOUND') return null;
    return <ControlGate displayPath={null} reason={error.message} />;
  }
  const data = timer.data;
  if (!data.canControl) {
    const reason =
      claim.status === 'failed'
        ? claim.error?.code === 'FORBIDDEN'
          ? t.gate.wrongKey
          : (claim.error?.message ?? null)
        : null;
    return <ControlGate displayPath={`/timer/${data.timer.id}`} reason={reason} />;
  }
  const dismissShare = () => {
    const next = new URLSearchParams(search);
    next.delete('created');
    setSearch(next, { replace: true });
  };
  // Right after creation the control link is shown once (its key is in memory only).
  const controlUrl = claim.controlKey
    ? `${window.location.origin}/timer/manage/${shortid}#key=${claim.controlKey}`
    : null;
  return (
    <ConsolePage
      timerId={data.timer.id}
      viewKey={data.viewKey}
      showShare={search.get('created') === '1'}
      controlUrl={controlUrl}
      onDismissShare={dismissShare}
    />
  );
}
