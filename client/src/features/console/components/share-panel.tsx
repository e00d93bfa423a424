import { CopyButton } from '../../../components/ui/copy-button';
import { QrCode } from '../../../components/ui/qr-code';
import { consolePage as consolePageText } from '../../../i18n/zh-CN/console';

const t = consolePageText.share;

/**
 * After creating a timer: the display link, prominent, with copy and a QR code, and the control
 * link this once (the browser keeps only the httpOnly cookie, not the key).
 */
export function SharePanel({
  displayUrl,
  controlUrl = null,
  onDismiss,
}: {
  displayUrl: string;
  controlUrl?: string | null;
  onDismiss: () => void;
}) {
  return (
    <section className="console-share" aria-labelledby="console-share-title" data-testid="share-panel">
      <div className="console-share__text">
        <h2 id="console-share-title">{t.title}</h2>
        <p>{t.lead}</p>
        <div className="console-share__link">
          <span className="console-share__label">{t.display}</span>
          <a
            href={displayUrl}
            target="_blank"
            rel="noopener"
            className="console-share__url"
            data-testid="display-link"
          >
            {displayUrl}
          </a>
        </div>
        {controlUrl ? (
          <div className="console-share__link" data-testid="control-link-once">
            <span className="console-share__label">{t.control}</span>
            <code className="console-share__url">{controlUrl}</code>
            <p className="console-share__warning">{t.controlOnce}</p>
            <div className="console-share__actions">
              <CopyButton
                value={controlUrl}
                label={t.copyControl}
                copiedLabel={t.copied}
                failedMessage={t.copyFailed}
                className="btn btn--ghost btn--sm"
              />
            </div>
          </div>
        ) : null}
        <div className="console-share__actions">
          <CopyButton
            value={displayUrl}
            label={t.copy}
            copiedLabel={t.copied}
            failedMessage={t.copyFailed}
            className="btn btn--primary btn--sm"
          />
          <button type="button" className="btn btn--ghost btn--sm" onClick={onDismiss}>
            {t.dismiss}
          </button>
        </div>
      </div>
      <QrCode value={displayUrl} label={t.qr} size={132} />
    </section>
  );
}
