import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { Dialog } from '../../../components/ui/dialog';
import { IconLock, IconUsers } from '../../../components/ui/icons';
import { format } from '../../../i18n';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { commandError } from '../../../lib/realtime/timer';
import {
  MEMBER_ROLES,
  isMemberRole,
  useMembers,
  useRemoveMember,
  useRevokeInvite,
  useSetMemberRole,
  useSignedInAccount,
  type InviteItem,
  type MemberItem,
} from '../api/members';
import { Section } from '../components/fields';
import { CreateInvite, InviteList, roleName, type CreatedInvite } from '../components/invite-links';
import { ManageFrame, type ManageContext } from '../components/manage-frame';
import { dateTime } from '../time-text';
import './members-page.css';

const t = manageText;
const tm = t.members;

/** What the confirmation dialog is about to do. */
type Pending = { type: 'remove'; member: MemberItem } | { type: 'revoke'; invite: InviteItem } | null;

function memberName(member: { displayName: string | null; email: string }): string {
  return member.displayName?.trim() || member.email;
}

/** Why this browser sees no controls: not the owner, or a timer no account owns yet. */
function Explanation({ kind }: { kind: 'not-owner' | 'unclaimed' }) {
  return (
    <section className="manage-gate" data-testid={`members-${kind}`}>
      <span className="manage-gate__icon" aria-hidden="true">
        {kind === 'not-owner' ? <IconLock /> : <IconUsers />}
      </span>
      {kind === 'not-owner' ? (
        <>
          <h2>{tm.ownerOnly.title}</h2>
          <p>{tm.ownerOnly.lead}</p>
        </>
      ) : (
        <>
          <h2>{tm.unclaimed.title}</h2>
          <p>{tm.unclaimed.lead}</p>
          <Link className="btn btn--primary" to="/home">
            {tm.unclaimed.action}
          </Link>
        </>
      )}
    </section>
  );
}

function MemberRow({
  member,
  timerId,
  busy,
  onRemove,
}: {
  member: MemberItem;
  timerId: string;
  busy: boolean;
  onRemove: () => void;
}) {
  const setRole = useSetMemberRole();
  const name = memberName(member);
  const change = (role: string) => {
    if (!isMemberRole(role) || role === member.role) return;
    setRole.mutate(
      { timerId, userId: member.userId, role },
      {
        onSuccess: () => toast.success(format(tm.roleChanged, { name, role: roleName(role) })),
        onError: (error) => toast.error(format(tm.roleFailed, { message: commandError(error).message })),
      },
    );
  };
  return (
    <li className="members-row" data-testid="member-row">
      <div className="members-row__who">
        <span className="members-row__name">{name}</span>
        <span className="members-row__meta">
          {name !== member.email ? `${member.email} · ` : ''}
          {format(tm.since, { date: dateTime(new Date(member.createdAt).getTime()) })}
        </span>
      </div>
      <div className="members-row__controls">
        <select
          className="input members-row__role"
          aria-label={format(tm.roleOf, { name })}
          value={member.role}
          disabled={busy || setRole.isPending}
          onChange={(e) => change(e.target.value)}
        >
          {isMemberRole(member.role) ? null : <option value={member.role}>{roleName(member.role)}</option>}
          {MEMBER_ROLES.map((role) => (
            <option key={role} value={role}>
              {tm.roles[role]}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn--ghost btn--sm members-danger"
          disabled={busy}
          onClick={onRemove}
        >
          {tm.remove}
        </button>
      </div>
    </li>
  );
}

/** The owner's view: members with their roles, a new invite link, the invite links. */
function MembersManager({ timerId }: { timerId: string }) {
  const list = useMembers(timerId, true);
  const me = useSignedInAccount();
  const remove = useRemoveMember();
  const revoke = useRevokeInvite();
  const [pending, setPending] = useState<Pending>(null);
  const [created, setCreated] = useState<CreatedInvite | null>(null);
  const busy = remove.isPending || revoke.isPending;

  if (list.isPending) {
    return (
      <div className="splash">
        <div className="spinner" />
        <span>{t.loading}</span>
      </div>
    );
  }
  if (list.isError) {
    return (
      <div className="manage-error members-load-error" role="alert">
        <span>{format(tm.loadFailed, { message: commandError(list.error).message })}</span>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => void list.refetch()}>
          {tm.retry}
        </button>
      </div>
    );
  }

  const confirm = () => {
    if (!pending) return;
    if (pending.type === 'remove') {
      const name = memberName(pending.member);
      remove.mutate(
        { timerId, userId: pending.member.userId },
        {
          onSuccess: () => toast.success(format(tm.removed, { name })),
          onError: (error) => toast.error(format(tm.removeFailed, { message: commandError(error).message })),
          onSettled: () => setPending(null),
        },
      );
    } else {
      const inviteId = pending.invite.id;
      revoke.mutate(
        { timerId, inviteId },
        {
          onSuccess: () => {
            toast.success(tm.revoked);
            if (created?.id === inviteId) setCreated(null);
          },
          onError: (error) => toast.error(format(tm.revokeFailed, { message: commandError(error).message })),
          onSettled: () => setPending(null),
        },
      );
    }
  };
  const { members, invites } = list.data;
  const account = me.data;

  return (
    <div className="manage-stack">
      <Section
        title={tm.list}
        actions={
          members.length > 0 ? (
            <span className="manage-badge" title={tm.countHint}>
              {members.length}
            </span>
          ) : null
        }
      >
        <ul className="members-list" data-testid="member-list">
          <li className="members-row" data-owner="true">
            <div className="members-row__who">
              <span className="members-row__name">
                {account ? memberName(account) : tm.you}
                <span className="members-row__you">（{tm.you}）</span>
              </span>
              {account && memberName(account) !== account.email ? (
                <span className="members-row__meta">{account.email}</span>
              ) : null}
            </div>
            <div className="members-row__controls">
              <span className="manage-badge">{tm.roles.owner}</span>
            </div>
          </li>
          {members.map((member) => (
            <MemberRow
              key={member.userId}
              member={member}
              timerId={timerId}
              busy={busy}
              onRemove={() => setPending({ type: 'remove', member })}
            />
          ))}
        </ul>
        {members.length === 0 ? <p className="manage-muted">{tm.listEmpty}</p> : null}
      </Section>
      <CreateInvite timerId={timerId} created={created} onCreated={setCreated} />
      <InviteList
        invites={invites}
        newId={created?.id ?? null}
        busy={busy}
        onRevoke={(invite) => setPending({ type: 'revoke', invite })}
      />
      <Dialog
        open={pending !== null}
        title={pending?.type === 'revoke' ? tm.revokeTitle : tm.removeTitle}
        tone="warning"
        onClose={() => setPending(null)}
        footer={
          <>
            <button type="button" className="btn btn--ghost" onClick={() => setPending(null)}>
              {t.cancel}
            </button>
            <button type="button" className="btn members-danger-solid" disabled={busy} onClick={confirm}>
              {pending?.type === 'revoke' ? tm.revoke : tm.remove}
            </button>
          </>
        }
      >
        <p>
          {pending?.type === 'remove'
            ? format(tm.removeBody, { name: memberName(pending.member), role: roleName(pending.member.role) })
            : tm.revokeBody}
        </p>
      </Dialog>
    </div>
  );
}

function MembersView({ timer, role }: ManageContext) {
  if (role !== 'owner') return <Explanation kind="not-owner" />;
  if (!timer.owned) return <Explanation kind="unclaimed" />;
  return <MembersManager timerId={timer.id} />;
}

/** `members`: the owner lists, changes and removes members, and creates and revokes invite links. */
export function MembersPage() {
  return (
    <ManageFrame page="members" editorNote={false}>
      {(context) => <MembersView key={context.timer.id} {...context} />}
    </ManageFrame>
  );
}
