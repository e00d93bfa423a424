import { Link } from 'react-router';
import { integrations as integrationsText } from '../../../i18n/zh-CN/integrations';
import { Section } from '../components/fields';
import { ManageFrame, type ManageContext } from '../components/manage-frame';
import { OverlayBuilder } from '../components/overlay-builder';
import { WebhooksPanel } from '../components/webhooks-panel';
import './integrations-page.css';

const t = integrationsText.push;

/** Where a script, a stream deck or a desk reaches this timer: the OpenAPI document, the event stream, the docs. */
function PushInfo({ origin, timerId }: { origin: string; timerId: string }) {
  const events = `${origin}/api/v1/timers/${timerId}/events`;
  return (
    <Section title={t.title}>
      <p className="manage-muted">{t.lead}</p>
      <dl className="integrations-links">
        <dt>{t.events}</dt>
        <dd>
          <code data-testid="sse-url">curl -N {events}</code>
        </dd>
        <dt>{t.openapi}</dt>
        <dd>
          <a href="/api/v1/openapi.json" target="_blank" rel="noreferrer">
            {origin}/api/v1/openapi.json
          </a>
        </dd>
      </dl>
      <div className="manage-row">
        <Link className="btn btn--ghost btn--sm" to="/docs/developers/api">
          {t.docs}
        </Link>
        <Link className="btn btn--ghost btn--sm" to="/account/tokens">
          {t.tokens}
        </Link>
      </div>
    </Section>
  );
}

function IntegrationsView({ timer, role }: ManageContext) {
  const origin = window.location.origin;
  return (
    <div className="manage-stack">
      <OverlayBuilder origin={origin} timerId={timer.id} viewKey={timer.viewKey} />
      <PushInfo origin={origin} timerId={timer.id} />
      <WebhooksPanel target={{ timerId: timer.id }} canManage={role === 'owner'} />
    </div>
  );
}

/** `integrations`: the OBS overlay's address with a live preview, the API and its push channel, webhooks with their delivery log. */
export function IntegrationsPage() {
  return (
    <ManageFrame page="integrations" editorNote={false} wide>
      {(context) => <IntegrationsView key={context.timer.id} {...context} />}
    </ManageFrame>
  );
}
