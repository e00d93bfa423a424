import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { CopyButton } from '../../../components/ui/copy-button';
import { Dialog } from '../../../components/ui/dialog';
import { QrCode } from '../../../components/ui/qr-code';
import { format } from '../../../i18n';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { consolePage as consolePageText } from '../../../i18n/zh-CN/console';
import { infoFormSchema, useUpdateInfo } from '../api/update-info';
import { useRegenerateKey } from '../api/regenerate-key';
import { ApiSnippet } from '../components/api-snippet';
import { Field, SaveBar, Section } from '../components/fields';
import { ManageFrame, type ManageContext } from '../components/manage-frame';
import { forgetLegacyControlKeys } from '../../../lib/browser/storage';
import { useClaimStore } from '../../../lib/claim.store';
import { useSetPrivate } from '../api/set-private';
import { useRotateJudgeKey } from '../api/rotate-judge-key';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { saveToast } from '../hooks/use-save-toast';
import { useFieldIssues } from '../hooks/use-field-issues';

const t = manageText;
const ti = t.info;

function LinkCard({
  title,
  hint,
  url,
  qrLabel,
  secret = false,
  extra = null,
}: {
  title: string;
  hint: string;
  url: string;
  qrLabel: string;
  secret?: boolean;
  extra?: ReactNode;
}) {
  const [shown, setShown] = useState(!secret);
  return (
    <div className="manage-link" data-secret={secret}>
      <div className="manage-link__text">
        <h3>{title}</h3>
        <p className="manage-muted">{hint}</p>
        <code className="manage-link__url">{shown ? url : url.replace(/#key=.*/, '#key=••••••••')}</code>
        <div className="manage-link__actions">
          <CopyButton
            value={url}
            label={t.copy}
            copiedLabel={t.copied}
            failedMessage={consolePageText.share.copyFailed}
          />
          {secret ? (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              aria-label={format(shown ? ti.control.hideLabel : ti.control.revealLabel, { what: title })}
              onClick={() => setShown(!shown)}
            >
              {shown ? ti.control.hide : ti.control.reveal}
            </button>
          ) : null}
          {extra}
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
  // A new control key is shown once, from memory: the browser never stores it. It is known
  // right after regenerating it here, or right after creating the timer (the claim of its
  // control link holds it in memory until the page is reloaded).
  const [regeneratedKey, setControlKey] = useState<string | null>(null);
  const claimedKey = useClaimStore((state) => state.claims[timer.shortid]?.controlKey ?? null);
  const controlKey = regeneratedKey ?? claimedKey;
  useEffect(() => forgetLegacyControlKeys(), []);
  const update = useUpdateInfo();
  const issues = useFieldIssues();
  const regenerate = useRegenerateKey();
  const setPrivate = useSetPrivate();
  const rotateJudge = useRotateJudgeKey();
  const confirm = useConfirm();
  const origin = window.location.origin;
  const view = timer.viewKey ? `#view=${timer.viewKey}` : '';
  const displayUrl = `${origin}/timer/${timer.id}${view}`;
  // The judge key rides in the fragment (never in server logs); a private timer's view key beside it.
  const judgeUrl = `${origin}/timer/${timer.id}?role=judge#judge=${timer.judgeKey}${timer.viewKey ? `&view=${timer.viewKey}` : ''}`;
  const controlUrl = controlKey ? `${origin}/timer/manage/${timer.shortid}#key=${controlKey}` : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = issues.check(infoFormSchema, { name, description });
    if (!parsed) return;
    update.mutate(
      { timerId: timer.id, ...parsed },
      { onSuccess: () => saveToast.ok(), onError: issues.refused },
    );
  };
  const doRegenerate = () => {
    regenerate.mutate(
      { timerId: timer.id },
      {
        onSuccess: (result) => {
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
  const changePrivacy = async (next: boolean, title: string, body: string, confirmLabel: string) => {
    if (!(await confirm.ask({ title, body, confirmLabel, tone: next ? 'danger' : 'default' }))) return;
    setPrivate.mutate(
      { timerId: timer.id, private: next },
      { onSuccess: () => saveToast.ok(ti.privacy.done), onError: saveToast.failed },
    );
  };
  const doRotateJudge = async () => {
    if (
      !(await confirm.ask({
        title: ti.judge.confirmTitle,
        body: ti.judge.confirmBody,
        confirmLabel: ti.judge.rotate,
        tone: 'danger',
      }))
    )
      return;
    rotateJudge.mutate(
      { timerId: timer.id },
      { onSuccess: () => saveToast.ok(ti.judge.rotated), onError: saveToast.failed },
    );
  };

  return (
    <div className="manage-stack">
      <Section title={ti.name}>
        <form className="manage-form" onSubmit={submit} noValidate>
          <Field label={ti.name} error={issues.of('name')}>
            {(_id, control) => (
              <input
                {...control}
                className="input"
                value={name}
                maxLength={80}
                disabled={!canEdit}
                onChange={(e) => {
                  setName(e.target.value);
                  issues.clear('name');
                }}
                data-testid="info-name"
              />
            )}
          </Field>
          <Field label={ti.description} error={issues.of('description')}>
            {(_id, control) => (
              <textarea
                {...control}
                className="input manage-textarea"
                value={description}
                maxLength={2000}
                placeholder={ti.descriptionPlaceholder}
                disabled={!canEdit}
                onChange={(e) => {
                  setDescription(e.target.value);
                  issues.clear('description');
                }}
              />
            )}
          </Field>
          {canEdit ? <SaveBar saving={update.isPending} label={t.save} savingLabel={t.saving} /> : null}
        </form>
      </Section>
      <Section title={ti.links}>
        <div className="manage-links">
          <LinkCard
            title={ti.display.title}
            hint={timer.viewKey ? ti.display.privateHint : ti.display.hint}
            url={displayUrl}
            qrLabel={format(ti.qr, { what: ti.display.title })}
          />
          <LinkCard
            title={ti.short.title}
            hint={ti.short.hint}
            url={`${origin}/id/${timer.shortid}`}
            qrLabel={format(ti.qr, { what: ti.short.title })}
          />
          <LinkCard
            title={ti.judge.title}
            hint={ti.judge.hint}
            url={judgeUrl}
            qrLabel={format(ti.qr, { what: ti.judge.title })}
            extra={
              canEdit ? (
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  disabled={rotateJudge.isPending}
                  onClick={() => void doRotateJudge()}
                  data-testid="rotate-judge-key"
                >
                  {ti.judge.rotate}
                </button>
              ) : null
            }
          />
          {controlUrl ? (
            <LinkCard
              title={ti.control.title}
              hint={ti.control.hint}
              url={controlUrl}
              qrLabel={format(ti.qr, { what: ti.control.title })}
              secret
            />
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
      <Section title={ti.privacy.title}>
        <p className="manage-muted" data-testid="privacy-state">
          {timer.viewKey ? ti.privacy.privateNow : ti.privacy.publicNow}
        </p>
        {canEdit ? (
          <div className="manage-link__actions">
            {timer.viewKey ? (
              <>
                <button
                  type="button"
                  className="btn btn--ghost"
                  disabled={setPrivate.isPending}
                  onClick={() =>
                    void changePrivacy(
                      true,
                      ti.privacy.confirmRenewTitle,
                      ti.privacy.confirmRenew,
                      ti.privacy.renew,
                    )
                  }
                >
                  {ti.privacy.renew}
                </button>
                <button
                  type="button"
                  className="btn btn--ghost"
                  disabled={setPrivate.isPending}
                  onClick={() =>
                    void changePrivacy(
                      false,
                      ti.privacy.confirmPublicTitle,
                      ti.privacy.confirmPublic,
                      ti.privacy.makePublic,
                    )
                  }
                >
                  {ti.privacy.makePublic}
                </button>
              </>
            ) : (
              <button
                type="button"
                className="btn btn--ghost"
                disabled={setPrivate.isPending}
                onClick={() =>
                  void changePrivacy(
                    true,
                    ti.privacy.confirmPrivateTitle,
                    ti.privacy.confirmPrivate,
                    ti.privacy.makePrivate,
                  )
                }
              >
                {ti.privacy.makePrivate}
              </button>
            )}
          </div>
        ) : (
          <p className="manage-muted">{ti.privacy.editorOnly}</p>
        )}
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
        <ApiSnippet
          origin={origin}
          timerId={timer.id}
          controlKey={controlKey}
          onRegenerate={role === 'owner' ? () => setConfirming(true) : undefined}
        />
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
            <button
              type="button"
              className="btn btn--primary"
              disabled={regenerate.isPending}
              onClick={doRegenerate}
            >
              {ti.regenerate}
            </button>
          </>
        }
      >
        <p>{ti.regenerateBody}</p>
      </Dialog>
      {confirm.dialog}
    </div>
  );
}

/** `info`: name, description, the links with QR codes, key regeneration and the API snippet. */
export function InfoPage() {
  return (
    <ManageFrame page="info">{(context) => <InfoForm key={context.timer.id} {...context} />}</ManageFrame>
  );
}
