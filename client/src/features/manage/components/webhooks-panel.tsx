import { useState, type FormEvent } from 'react';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { CopyButton } from '../../../components/ui/copy-button';
import { format } from '../../../i18n';
import { integrations as integrationsText } from '../../../i18n/zh-CN/integrations';
import { commandError } from '../../../lib/realtime/timer';
import { toast } from '../../../lib/toast';
import {
  input,
  useDeliveries,
  useWebhookActions,
  useWebhooks,
  WEBHOOK_EVENTS,
  type WebhookItem,
  type WebhookTarget,
} from '../api/webhooks';
import { dateTime } from '../time-text';
import { Section } from './fields';

const t = integrationsText.webhooks;
const eventName = (type: string) => (t.eventNames as Record<string, string>)[type] ?? type;
const failed = (error: unknown) => toast.error(format(t.failed, { message: commandError(error).message }));

/** A webhook's latest deliveries, with the receiver's last answer; failed and delivered ones can go again. */
function DeliveryLog({ target, webhookId }: { target: WebhookTarget; webhookId: string }) {
  const log = useDeliveries(target, webhookId);
  const { redeliver } = useWebhookActions(target);
  if (!log.data) return <p className="manage-muted">…</p>;
  if (log.data.length === 0) return <p className="manage-muted">{t.logEmpty}</p>;
  const c = t.logColumns;
  return (
    <div className="webhook-log" data-testid="webhook-log">
      <table className="manage-table">
        <thead>
          <tr>
            <th>{c.time}</th>
            <th>{c.event}</th>
            <th>{c.status}</th>
            <th>{c.attempts}</th>
            <th>{c.answer}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {log.data.map((row) => (
            <tr key={row.id} data-status={row.status}>
              <td>{dateTime(row.createdAt)}</td>
              <td>{eventName(row.eventType)}</td>
              <td>
                <span className="webhook-status" data-status={row.status}>
                  {t.statuses[row.status]}
                </span>
              </td>
              <td>{row.attempts}</td>
              <td className="webhook-answer" title={row.lastResponse ?? ''}>
                {row.lastStatus ?? t.noAnswer} {row.lastResponse ? `· ${row.lastResponse.slice(0, 80)}` : ''}
              </td>
              <td>
                {row.status === 'failed' || row.status === 'delivered' ? (
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    onClick={() =>
                      redeliver.mutate(input(target, { webhookId, deliveryId: row.id }), { onError: failed })
                    }
                  >
                    {t.redeliver}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function WebhookRow({
  target,
  webhook,
  onRemove,
}: {
  target: WebhookTarget;
  webhook: WebhookItem;
  onRemove: () => void;
}) {
  const { update, test } = useWebhookActions(target);
  const [shown, setShown] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  return (
    <li className="webhook-row" data-testid="webhook-row">
      <div className="webhook-row__head">
        <code className="webhook-row__url">{webhook.url}</code>
        <label className="manage-check">
          <input
            type="checkbox"
            checked={webhook.enabled}
            onChange={(e) =>
              update.mutate(input(target, { webhookId: webhook.id, enabled: e.target.checked }), {
                onError: failed,
              })
            }
          />
          {t.enabled}
        </label>
      </div>
      {webhook.description ? <p className="manage-muted">{webhook.description}</p> : null}
      <p className="webhook-row__events">{webhook.events.map(eventName).join('、')}</p>
      <div className="manage-row">
        <span className="manage-muted">{t.secret}</span>
        <code className="webhook-row__secret">{shown ? webhook.secret : 'whsec_••••••••'}</code>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setShown(!shown)}>
          {shown ? t.hide : t.reveal}
        </button>
        <CopyButton
          value={webhook.secret}
          label={t.copySecret}
          copiedLabel={integrationsText.overlay.copied}
          failedMessage={integrationsText.overlay.copyFailed}
        />
      </div>
      <div className="manage-row">
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          data-testid="webhook-test"
          onClick={() =>
            test.mutate(input(target, { webhookId: webhook.id }), {
              onSuccess: () => toast.success(t.testSent),
              onError: failed,
            })
          }
        >
          {t.test}
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => setLogOpen(!logOpen)}
          data-testid="webhook-log-toggle"
        >
          {logOpen ? t.hideLog : t.log}
        </button>
        <button type="button" className="btn btn--ghost btn--sm members-danger" onClick={onRemove}>
          {t.remove}
        </button>
      </div>
      {logOpen ? <DeliveryLog target={target} webhookId={webhook.id} /> : null}
    </li>
  );
}

function AddWebhook({ target }: { target: WebhookTarget }) {
  const { create } = useWebhookActions(target);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>(['stage.started', 'time.up', 'match.finished']);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      input(target, {
        url: url.trim(),
        events: WEBHOOK_EVENTS.filter((type) => events.includes(type)),
        ...(description.trim() ? { description: description.trim() } : {}),
      }),
      {
        onSuccess: () => {
          toast.success(t.added);
          setUrl('');
          setDescription('');
        },
        onError: (error) => toast.error(format(t.addFailed, { message: commandError(error).message })),
      },
    );
  };
  return (
    <form className="manage-stack webhook-add" onSubmit={submit}>
      <label className="manage-field">
        <span>{t.url}</span>
        <input
          className="input"
          type="url"
          required
          value={url}
          placeholder={t.urlPlaceholder}
          onChange={(e) => setUrl(e.target.value)}
          data-testid="webhook-url"
        />
      </label>
      <fieldset className="manage-field webhook-add__events">
        <legend>{t.events}</legend>
        {WEBHOOK_EVENTS.map((type) => (
          <label key={type} className="manage-check">
            <input
              type="checkbox"
              checked={events.includes(type)}
              onChange={(e) =>
                setEvents(e.target.checked ? [...events, type] : events.filter((value) => value !== type))
              }
            />
            {eventName(type)}
          </label>
        ))}
      </fieldset>
      <label className="manage-field">
        <span>{t.description}</span>
        <input
          className="input"
          value={description}
          maxLength={200}
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      <div className="manage-savebar">
        <button
          type="submit"
          className="btn btn--primary"
          disabled={create.isPending || events.length === 0}
          data-testid="webhook-add"
        >
          {create.isPending ? t.adding : t.add}
        </button>
      </div>
    </form>
  );
}

/**
 * A timer's or a lobby's webhooks: add, switch on and off, test, see the delivery log, delete.
 * The timer's owner or the lobby's organizer only (`canManage`; others read why not).
 */
export function WebhooksPanel({ target, canManage }: { target: WebhookTarget; canManage: boolean }) {
  const list = useWebhooks(target, canManage);
  const { remove } = useWebhookActions(target);
  const confirm = useConfirm();
  const ask = async (webhook: WebhookItem) => {
    if (
      !(await confirm.ask({
        title: t.removeTitle,
        body: format(t.removeBody, { url: webhook.url }),
        confirmLabel: t.remove,
        tone: 'danger',
      }))
    )
      return;
    remove.mutate(input(target, { webhookId: webhook.id }), {
      onSuccess: () => toast.success(t.removed),
      onError: failed,
    });
  };
  return (
    <Section title={t.title}>
      <p className="manage-muted">{'lobbyId' in target ? t.lobbyLead : t.lead}</p>
      {!canManage ? (
        <p className="manage-muted" data-testid="webhooks-owner-only">
          {t.ownerOnly}
        </p>
      ) : (
        <>
          {list.data && list.data.length > 0 ? (
            <ul className="webhook-list" data-testid="webhook-list">
              {list.data.map((webhook) => (
                <WebhookRow
                  key={webhook.id}
                  target={target}
                  webhook={webhook}
                  onRemove={() => void ask(webhook)}
                />
              ))}
            </ul>
          ) : (
            <p className="manage-muted">{list.isError ? commandError(list.error).message : t.empty}</p>
          )}
          <AddWebhook target={target} />
        </>
      )}
      {confirm.dialog}
    </Section>
  );
}
