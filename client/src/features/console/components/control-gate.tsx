import { Link } from 'react-router';
import { IconLock } from '../../../components/ui/icons';
import { consolePage as consolePageText } from '../../../i18n/zh-CN/console';

const t = consolePageText.gate;

/** Shown instead of the console when this browser has no control over the timer. */
export function ControlGate({ displayPath, reason }: { displayPath: string | null; reason?: string | null }) {
  return (
    <section className="console-gate" data-testid="control-gate">
      <div className="console-gate__icon" aria-hidden="true">
        <IconLock />
      </div>
      <h1>{t.title}</h1>
      {reason ? (
        <p className="console-gate__reason" role="alert">
          {reason}
        </p>
      ) : null}
      <p>{t.lead}</p>
      <ul>
        {t.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
      <div className="console-gate__actions">
        {displayPath ? (
          <Link to={displayPath} className="btn btn--primary">
            {t.openDisplay}
          </Link>
        ) : null}
        <Link to="/" className="btn btn--ghost">
          {t.home}
        </Link>
      </div>
    </section>
  );
}
