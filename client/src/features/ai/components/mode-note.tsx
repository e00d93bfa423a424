import { format } from '../../../i18n';
import { ai as aiText } from '../../../i18n/zh-CN/ai';
import { useAiStatus } from '../../../lib/api/ai-stream';

const t = aiText.mode;

/** Says which mode the AI area runs in (provider or deterministic) and, with a provider, today's quota. */
export function ModeNote() {
  const status = useAiStatus().data;
  if (!status) return null;
  const { limit, used } = status.quota;
  return (
    <p className="ai-mode" data-mode={status.mode} data-testid="ai-mode">
      <span className="ai-mode__text">
        <span className="ai-mode__dot" aria-hidden="true" />
        {t[status.mode]}
      </span>
      {status.mode === 'provider' ? (
        <span className="ai-mode__quota">
          {limit === null ? format(t.quotaUnlimited, { used }) : format(t.quota, { used, limit })}
        </span>
      ) : null}
    </p>
  );
}
