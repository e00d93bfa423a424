import { useNavigate } from 'react-router';
import { messages } from '../../i18n';
import { IconAlert, IconArrowLeft } from '../../components/ui/icons';
import { useTitleOverride } from '../use-document-head';

const t = messages.errors.screen;

export interface ErrorScreenProps {
  statusCode: number;
  statusMessage: string;
  message: string;
  /** Clears the failed state before leaving (e.g. an error boundary's reset). */
  onClear?: () => void;
  /** Offers 重新加载 beside the way home (a page part that did not load). */
  onReload?: () => void;
}

/** 出错了: status code, status message and message (never a stack), and a way home. */
export function ErrorScreen({ statusCode, statusMessage, message, onClear, onReload }: ErrorScreenProps) {
  const navigate = useNavigate();
  useTitleOverride(t.title);
  const clear = () => {
    onClear?.();
    void navigate('/', { replace: true });
  };
  return (
    <section
      className="status-page status-page--error"
      role="alert"
      aria-labelledby="error-title"
      data-testid="error-screen"
    >
      <span className="status-page__icon" aria-hidden="true">
        <IconAlert />
      </span>
      <h1 id="error-title" className="status-page__title">
        {t.title}
      </h1>
      <p className="status-page__lead">{t.lead}</p>
      <dl className="error-facts">
        <div>
          <dt>{t.statusCode}</dt>
          <dd data-testid="error-status">{statusCode}</dd>
        </div>
        <div>
          <dt>{t.statusMessage}</dt>
          <dd data-testid="error-status-message">{statusMessage}</dd>
        </div>
        <div className="error-facts__wide">
          <dt>{t.message}</dt>
          <dd data-testid="error-message">{message}</dd>
        </div>
      </dl>
      <div className="status-page__actions">
        <button type="button" className="btn btn--primary" onClick={clear} data-testid="error-clear">
          <IconArrowLeft />
          {t.home}
        </button>
        {onReload && (
          <button type="button" className="btn btn--secondary" onClick={onReload} data-testid="error-reload">
            {t.reload}
          </button>
        )}
      </div>
    </section>
  );
}
