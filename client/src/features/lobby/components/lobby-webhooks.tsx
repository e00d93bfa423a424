import { Suspense, useState, type ComponentType } from 'react';
import { lobby as lobbyText } from '../../../i18n/zh-CN/lobby';
import { StandaloneErrorBoundary } from '../../../lib/page/standalone-page';

const t = lobbyText.console;

/**
 * The webhooks panel the console shows (the manage pages' one, with their styles): the route that
 * composes the lobby passes it in, loaded lazily, so it arrives when the organizer opens it.
 */
export type WebhooksPanel = ComponentType<{ target: { lobbyId: string }; canManage: boolean }>;

/** The lobby's outgoing webhooks (every timer it shows), behind a button so the console stays light. */
export function LobbyWebhooks({ lobbyId, WebhooksPanel }: { lobbyId: string; WebhooksPanel: WebhooksPanel }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="lobby-panel" data-testid="lobby-webhooks">
      <h2 className="lobby-panel__title">{t.webhooksTitle}</h2>
      {open ? (
        <StandaloneErrorBoundary
          fallback={() => (
            <p className="lobby-muted" role="alert">
              {t.webhooksLoadFailed}
            </p>
          )}
        >
          <Suspense fallback={<p className="lobby-muted">…</p>}>
            <WebhooksPanel target={{ lobbyId }} canManage />
          </Suspense>
        </StandaloneErrorBoundary>
      ) : (
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => setOpen(true)}
          data-testid="lobby-webhooks-open"
        >
          {t.webhooksOpen}
        </button>
      )}
    </section>
  );
}
