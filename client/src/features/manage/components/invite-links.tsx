import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { CopyButton } from '../../../components/ui/copy-button';
import { QrCode } from '../../../components/ui/qr-code';
import { format } from '../../../i18n';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { consolePage as consolePageText } from '../../../i18n/zh-CN/console';
import { commandError } from '../../../lib/realtime/timer';
import {
  INVITE_EXPIRY_DAYS,
  MEMBER_ROLES,
  inviteFormSchema,
  isMemberRole,
  useCreateInvite,
  type InviteExpiryDays,
  type InviteItem,
  type MemberRole,
} from '../api/members';
import { dateTime } from '../time-text';
import { Field, Section } from './fields';

const t = manageText;
const tm = t.members;

/** A role's Chinese name (the hub's stored role when it is not one we know). */
export function roleName(role: string): string {
  return role in tm.roles ? tm.roles[role as keyof typeof tm.roles] : role;
}

/** An invite link just created: its token is only known now, so this is the one chance to share it. */
export interface CreatedInvite {
  id: string;
  role: MemberRole;
  url: string;
  expiresAt: Date;
}

function NewLinkCard({ invite, onDismiss }: { invite: CreatedInvite; onDismiss: () => void }) {
  const role = roleName(invite.role);
  return (
    <div className="manage-link members-new-link" data-testid="new-invite">
      <div className="manage-link__text">
        <h3>{format(tm.newLink, { role })}</h3>
        <p className="manage-muted">{format(tm.newLinkHint, { role })}</p>
        <code className="manage-link__url" data-testid="new-invite-url">
          {invite.url}
        </code>
        <p className="manage-muted">{format(tm.expiresAt, { date: dateTime(invite.expiresAt.getTime()) })}</p>
        <div className="manage-link__actions">
          <CopyButton
            value={invite.url}
            label={t.copy}
            copiedLabel={t.copied}
            className="btn btn--primary btn--sm"
            failedMessage={consolePageText.share.copyFailed}
          />
          <button type="button" className="btn btn--ghost btn--sm" onClick={onDismiss}>
            {tm.dismiss}
          </button>
        </div>
      </div>
      <QrCode value={invite.url} label={tm.qr} size={132} />
    </div>
  );
}

/** The form that creates an invite link, and the link it created (with copy button and QR code). */
export function CreateInvite({
  timerId,
  created,
  onCreated,
}: {
  timerId: string;
  created: CreatedInvite | null;
  onCreated: (invite: CreatedInvite | null) => void;
}) {
  const [role, setRole] = useState<MemberRole>('judge');
  const [expiresInDays, setExpiresInDays] = useState<InviteExpiryDays>(7);
  const [label, setLabel] = useState('');
  const create = useCreateInvite();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = inviteFormSchema.safeParse({ role, expiresInDays, label });
    if (!parsed.success) {
      toast.error(format(tm.createFailed, { message: parsed.error.issues[0]?.message ?? '' }));
      return;
    }
    create.mutate(
      { timerId, ...parsed.data },
      {
        onSuccess: (result) => {
          onCreated({
            id: result.id,
            role,
            url: new URL(result.path, window.location.origin).href,
            expiresAt: new Date(result.expiresAt),
          });
          setLabel('');
          toast.success(tm.created);
        },
        onError: (error) => toast.error(format(tm.createFailed, { message: commandError(error).message })),
      },
    );
  };
  return (
    <Section title={tm.create}>
      <form className="members-invite-form" onSubmit={submit}>
        <Field label={tm.inviteRole} hint={tm.roleHints[role]}>
          {(id) => (
            <select
              id={id}
              className="input"
              value={role}
              onChange={(e) => isMemberRole(e.target.value) && setRole(e.target.value)}
            >
              {MEMBER_ROLES.map((option) => (
                <option key={option} value={option}>
                  {tm.roles[option]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={tm.expiry}>
          {(id) => (
            <select
              id={id}
              className="input"
              value={expiresInDays}
              onChange={(e) => setExpiresInDays(Number(e.target.value) as InviteExpiryDays)}
            >
              {INVITE_EXPIRY_DAYS.map((days) => (
                <option key={days} value={days}>
                  {tm.expiryDays[days]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={tm.label}>
          {(id) => (
            <input
              id={id}
              className="input"
              value={label}
              maxLength={40}
              placeholder={tm.labelPlaceholder}
              onChange={(e) => setLabel(e.target.value)}
            />
          )}
        </Field>
        <button
          type="submit"
          className="btn btn--primary members-invite-form__submit"
          disabled={create.isPending}
        >
          {create.isPending ? tm.creating : tm.create}
        </button>
      </form>
      {created ? <NewLinkCard invite={created} onDismiss={() => onCreated(null)} /> : null}
    </Section>
  );
}

/** The timer's invite links, newest first (expired ones last); live ones can be revoked, expired ones removed. */
export function InviteList({
  invites,
  newId,
  busy,
  onRevoke,
}: {
  invites: readonly InviteItem[];
  newId: string | null;
  busy: boolean;
  onRevoke: (invite: InviteItem) => void;
}) {
  const live = invites.filter((invite) => !invite.expired);
  const expired = invites.filter((invite) => invite.expired);
  return (
    <Section title={tm.invites} actions={<span className="manage-badge">{live.length}</span>}>
      {live.length === 0 ? <p className="manage-muted">{tm.invitesEmpty}</p> : null}
      <ul className="members-list" data-testid="invite-list">
        {[...live, ...expired].map((invite) => {
          const date = dateTime(new Date(invite.expiresAt).getTime());
          return (
            <li
              key={invite.id}
              className="members-row"
              data-expired={invite.expired}
              data-testid="invite-row"
            >
              <div className="members-row__who">
                <span className="members-row__name">
                  {invite.label || format(tm.inviteName, { role: roleName(invite.role) })}
                  {invite.id === newId ? (
                    <span className="manage-badge members-row__new">{tm.justCreated}</span>
                  ) : null}
                </span>
                <span className="members-row__meta">
                  {invite.expired ? format(tm.expiredAt, { date }) : format(tm.expiresAt, { date })} ·{' '}
                  {format(tm.uses, { n: invite.uses })}
                </span>
              </div>
              <div className="members-row__controls">
                <span className="manage-badge" data-tone={invite.expired ? 'muted' : 'role'}>
                  {invite.expired ? tm.expired : roleName(invite.role)}
                </span>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm members-danger"
                  disabled={busy}
                  onClick={() => onRevoke(invite)}
                >
                  {invite.expired ? tm.remove : tm.revoke}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
