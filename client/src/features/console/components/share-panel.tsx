import { CopyButton } from '../../../components/ui/copy-button';
import { QrCode } from '../../../components/ui/qr-code';
import { messages } from '../../../i18n';

const t = messages.consolePage.share;

/** After creating a timer: the display link, prominent, with copy and a QR code. */
export function SharePanel({ displayUrl, onDismiss }: { displayUrl: string; onDismiss: () => void }) {
  return (
    <section className="console-share" aria-labelledby="console-share-title" data-testid="share-panel">
      <div className="console-share__text">
        <h2 id="console-share-title">{t.title}</h2>
        <p>{t.lead}</p>
        <div className="console-share__link">
          <span className="console-share__label">{t.display}</span>
          <a href={displayUrl} target="_blank" rel="noopener" className="console-share__url" data-testid="display-link">
            {displayUrl}
          </a>
        </div>
        <div className="console-share__actions">
          <CopyButton value={displayUrl} label={t.copy} copiedLabel={t.copied} failedMessage={t.copyFailed} className="btn btn--primary btn--sm" />
          <button type="button" className="btn btn--ghost btn--sm" onClick={onDismiss}>
            {t.dismiss}
          </button>
        </div>
      </div>
      <QrCode value={displayUrl} label={t.qr} size={132} />
    </section>
  );
}
