import { useState } from 'react';
import { CopyButton } from '../../../components/ui/copy-button';
import { consolePage as consolePageText } from '../../../i18n/zh-CN/console';
import { manage as manageText } from '../../../i18n/zh-CN/manage';

const t = manageText;
const ti = t.info;

/** The curl line of the integrations API; `key` is the control key, or a placeholder. */
function curlFor(origin: string, timerId: string, key: string): string {
  return `curl -X POST ${origin}/api/v1/timers/${timerId}/commands \\\n  -H "Authorization: Bearer ${key}" \\\n  -H "Content-Type: application/json" \\\n  -d '{"type":"toggle"}'`;
}

/**
 * The 集成 API example. When the control key is known (the timer was just created, or the key
 * was just regenerated) it is masked like the control link above it; 显示 reveals it and 复制
 * copies the whole command with the real key. Otherwise the browser no longer has the key (it is
 * shown only once): the example carries a placeholder, says why, and offers `onRegenerate`.
 */
export function ApiSnippet({
  origin,
  timerId,
  controlKey,
  onRegenerate,
}: {
  origin: string;
  timerId: string;
  controlKey: string | null;
  /** Absent when this member may not regenerate the key (only the owner may). */
  onRegenerate?: () => void;
}) {
  const [shown, setShown] = useState(false);
  const full = curlFor(origin, timerId, controlKey ?? ti.apiKeyPlaceholder);
  const masked = controlKey ? curlFor(origin, timerId, '••••••••') : full;
  return (
    <div className="manage-stack">
      <pre className="manage-code" data-testid="api-snippet">
        {shown ? full : masked}
      </pre>
      {controlKey ? null : (
        <p className="manage-muted" data-testid="api-key-unknown">
          {ti.apiKeyUnknown}
        </p>
      )}
      <div className="manage-row">
        <CopyButton
          value={full}
          label={t.copy}
          copiedLabel={t.copied}
          failedMessage={consolePageText.share.copyFailed}
        />
        {controlKey ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            aria-label={shown ? ti.apiHide : ti.apiReveal}
            onClick={() => setShown(!shown)}
            data-testid="api-reveal"
          >
            {shown ? ti.control.hide : ti.control.reveal}
          </button>
        ) : onRegenerate ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={onRegenerate}
            data-testid="api-regenerate"
          >
            {ti.apiRegenerate}
          </button>
        ) : null}
      </div>
    </div>
  );
}
