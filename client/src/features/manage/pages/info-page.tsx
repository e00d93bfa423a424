import { useState, type FormEvent } from 'react';
import { CopyButton } from '../../../components/ui/copy-button';
import { Dialog } from '../../../components/ui/dialog';
import { QrCode } from '../../../components/ui/qr-code';
import { format, messages } from '../../../i18n';
import { infoFormSchema, useUpdateInfo } from '../api/update-info';
import { useRegenerateKey } from '../api/regenerate-key';
import { Field, SaveBar, Section } from '../components/fields';
import { ManageFrame, type ManageContext } from '../components/manage-frame';
import { rememberControlKey, rememberedControlKey } from '../control-key';
import { saveToast } from '../hooks/use-save-toast';

const t = messages.manage;
const ti = t.info;

function LinkCard({ title, hint, url, qrLabel, secret = false }: { title: string; hint: string; url: string; qrLabel: string; secret?: boolean }) {
  const [shown, setShown] = useState(!secret);
  return (
    <div className="manage-link" data-secret={secret}>
      <div className="manage-link__text">
        <h3>{title}</h3>
        <p className="manage-muted">{hint}</p>
        <code className="manage-link__url">{shown ? url : url.replace(/#key=.*/, '#key=••••••••')}</code>
        <div className="manage-link__actions">
          <CopyButton value={url} label={t.copy} copiedLabel={t.copied} failedMessage={messages.consolePage.share.copyFailed} />
          {secret ? (
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setShown(!shown)}>
              {shown ? ti.control.hide : ti.control.reveal}
            </button>
          ) : null}
        </div>
      </div>
      {shown ? <QrCode value={url} label={qrLabel} size={120} /> : null}
    </div>
  );
}

function InfoForm({ timer, canEdit, role }: ManageContext) {
  const [name, setName] = useState(timer.name);
  const [description, setDescription] = useState(timer.description);
  const [confirming, setConfirming] = useState(false);
  const [controlKey, setControlKey] = useState(() => rememberedControlKey(timer.id));
  const update = useUpdateInfo();
  const regenerate = useRegenerateKey();
  const origin = window.location.origin;
  const displayUrl = `${origin}/timer/${timer.id}`;
  const judgeUrl = `${displayUrl}?role=judge`;
  const controlUrl = controlKey ? `${origin}/timer/manage/${timer.shortid}#key=${controlKey}` : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = infoFormSchema.safeParse({ name, description });
    if (!parsed.success) return saveToast.failed(new Error(parsed.error.issues[0]?.message));
    update.mutate({ timerId: timer.id, ...parsed.data }, { onSuccess: () => saveToast.ok(), onError: saveToast.failed });
  };
  const doRegenerate = () => {
    regenerate.mutate(
      { timerId: timer.id },
      {
        onSuccess: (result) => {
          rememberControlKey(timer.id, result.controlKey);
          setControlKey(result.controlKey);
          setConfirming(false);
          saveToast.ok(ti.regenerated);
        },
        onError: (error) => {
          setConfirming(false);
          saveToast.failed(error);
        },
      },
    );
  };
  const curl = `curl -X POST ${origin}/api/v1/timers/${timer.id}/commands \\\n  -H "Authorization: Bearer ${controlKey ?? '<控制密钥>'}" \\\n  -H "Content-Type: application/json" \\\n  -d '{"type":"toggle"}'`;

  return (
    <div className="manage-stack">
      <Section title={ti.name}>
        <form className="manage-form" onSubmit={submit}>
          <Field label={ti.name}>{(id) => <input id={id} className="input" value={name} maxLength={80} disabled={!canEdit} onChange={(e) => setName(e.target.value)} />}</Field>
          <Field label={ti.description}>
            {(id) => <textarea id={id} className="input manage-textarea" value={description} maxLength={2000} placeholder={ti.descriptionPlaceholder} disabled={!canEdit} onChange={(e) => setDescription(e.target.value)} />}
          </Field>
          {canEdit ? <SaveBar saving={update.isPending} label={t.save} savingLabel={t.saving} /> : null}
        </form>
      </Section>
      <Section title={ti.links}>
        <div className="manage-links">
          <LinkCard title={ti.display.title} hint={ti.display.hint} url={displayUrl} qrLabel={format(ti.qr, { what: ti.display.title })} />
          <LinkCard title={ti.judge.title} hint={ti.judge.hint} url={judgeUrl} qrLabel={format(ti.qr, { what: ti.judge.title })} />
          {controlUrl ? (
            <LinkCard title={ti.control.title} hint={ti.control.hint} url={controlUrl} qrLabel={format(ti.qr, { what: ti.control.title })} secret />
          ) : (
            <div className="manage-link">
              <div className="manage-link__text">
                <h3>{ti.control.title}</h3>
                <p className="manage-muted">{ti.control.hidden}</p>
              </div>
            </div>
          )}
        </div>
      </Section>
      <Section title={ti.keys}>
        {role === 'owner' ? (
          <button type="button" className="btn btn--ghost" onClick={() => setConfirming(true)}>
            {ti.regenerate}
          </button>
        ) : (
          <p className="manage-muted">{ti.ownerOnly}</p>
        )}
      </Section>
      <Section title={ti.api}>
        <p className="manage-muted">{ti.apiLead}</p>
        <pre className="manage-code" data-testid="api-snippet">
          {curl}
        </pre>
      </Section>
      <Dialog
        open={confirming}
        title={ti.regenerateTitle}
        tone="warning"
        onClose={() => setConfirming(false)}
        footer={
          <>
            <button type="button" className="btn btn--ghost" onClick={() => setConfirming(false)}>
              {t.cancel}
            </button>
            <button type="button" className="btn btn--primary" disabled={regenerate.isPending} onClick={doRegenerate}>
              {ti.regenerate}
            </button>
          </>
        }
      >
        <p>{ti.regenerateBody}</p>
      </Dialog>
    </div>
  );
}

/** `info`: name, description, the links with QR codes, key regeneration and the API snippet. */
export function InfoPage() {
  return <ManageFrame page="info">{(context) => <InfoForm key={context.timer.id} {...context} />}</ManageFrame>;
}
