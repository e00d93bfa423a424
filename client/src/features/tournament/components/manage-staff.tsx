import { TOURNAMENT_ROLE_LABELS, type TournamentOrganizer } from '@bianshi/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTRPC } from '../../../lib/api/trpc';
import { toast } from '../../../lib/toast';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { z } from 'zod';
import { format } from '../../../i18n';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { useAccount } from '../api/tournament-queries';
import { tournamentErrorMessage } from '../api/tournament-errors';
import type { SectionProps } from './manage-page';
import '../staff.css';

const t = tournamentText.staff;
/** The roles the owner hands out (the owner's own is fixed). */
const ROLES = ['organizer', 'judgeCoordinator'] as const;
type StaffRole = (typeof ROLES)[number];
/** The hub's own check of the address, so what passes here passes there. */
const emailSchema = z.email().max(200);

/** A problem with the typed address in Chinese, or null. */
function emailProblem(
  email: string,
  ownEmail: string | null,
  staff: readonly TournamentOrganizer[],
  role: StaffRole,
): string | null {
  if (!email) return t.emailRequired;
  if (!emailSchema.safeParse(email).success) return t.emailInvalid;
  if (ownEmail && email.toLowerCase() === ownEmail.toLowerCase()) return t.emailIsOwner;
  const same = staff.find(
    (member) => member.email.toLowerCase() === email.toLowerCase() && member.role === role,
  );
  return same ? format(t.alreadyStaff, { email, role: TOURNAMENT_ROLE_LABELS[role] }) : null;
}

/**
 * 工作人员: who runs the tournament with what role. The owner invites people by email (the hub
 * never says whether the address has an account: the invitation waits until its owner opens
 * the tournament), re-roles and removes staff, and withdraws pending invitations; everyone else
 * on the staff sees the list.
 */
export function StaffSection({ view, actions }: SectionProps) {
  const account = useAccount();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const isOwner = view.myRole === 'owner';
  const me = account.data ?? null;
  const invites = useQuery({
    ...trpc.tournament.staffInvites.queryOptions({ tournamentId: view.id }),
    enabled: isOwner,
  });
  const refreshInvites = () =>
    void queryClient.invalidateQueries({ queryKey: trpc.tournament.staffInvites.pathKey() });
  // An invitation claimed on any hub changes the tournament's version: re-read the pending list then.
  useEffect(() => {
    if (isOwner) refreshInvites();
  }, [view.version, isOwner]);
  const revokeInvite = useMutation({
    ...trpc.tournament.revokeStaffInvite.mutationOptions(),
    onSuccess: refreshInvites,
    onError: (failure) => void toast.error(tournamentErrorMessage(failure)),
  });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('organizer');
  const [error, setError] = useState<string | null>(null);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const typed = email.trim();
    const problem = emailProblem(typed, isOwner ? (me?.email ?? null) : null, view.organizers, role);
    setError(problem);
    if (problem) return;
    actions.addOrganizer.mutate(
      { tournamentId: view.id, email: typed, role },
      {
        onSuccess: (answer) => {
          setEmail('');
          refreshInvites();
          const values = { email: answer.email, role: TOURNAMENT_ROLE_LABELS[answer.role] };
          toast.success(
            format(
              answer.status === 'updated'
                ? t.roleChangedByEmail
                : answer.mailed
                  ? t.invitedMailed
                  : t.invited,
              values,
            ),
          );
        },
        onError: (failure) => setError(tournamentErrorMessage(failure)),
      },
    );
  };

  const changeRole = (member: TournamentOrganizer, next: StaffRole) =>
    actions.addOrganizer.mutate(
      { tournamentId: view.id, email: member.email, role: next },
      {
        onSuccess: () =>
          void toast.success(
            format(t.roleChanged, { name: member.name || member.email, role: TOURNAMENT_ROLE_LABELS[next] }),
          ),
        onError: (failure) => void toast.error(tournamentErrorMessage(failure)),
      },
    );

  const confirm = useConfirm();
  const remove = async (member: TournamentOrganizer) => {
    const name = member.name || member.email;
    if (
      !(await confirm.ask({
        title: format(t.removeConfirm, { name }),
        body: t.removeConfirmBody,
        confirmLabel: t.remove,
        tone: 'danger',
      }))
    )
      return;
    actions.removeOrganizer.mutate(
      { tournamentId: view.id, userId: member.userId },
      { onSuccess: () => void toast.success(format(t.removed, { name })) },
    );
  };

  return (
    <div className="tm-stack" data-testid="tm-staff">
      {confirm.dialog}
      <p className="tm-muted tm-small tm-staff__lead">{isOwner ? t.lead : t.ownerOnly}</p>
      {isOwner && (
        <form className="tm-row tm-row--end" onSubmit={add} noValidate>
          <label className="tm-field tm-field--inline tm-staff__email">
            <span className="tm-field__label">{t.email}</span>
            <input
              className="input"
              type="email"
              inputMode="email"
              autoComplete="off"
              value={email}
              placeholder={t.emailPlaceholder}
              aria-invalid={error ? 'true' : undefined}
              aria-describedby={error ? 'tm-staff-error' : undefined}
              onChange={(e) => setEmail(e.target.value)}
              data-testid="tm-staff-email"
            />
          </label>
          <label className="tm-field tm-field--inline">
            <span className="tm-field__label">{t.role}</span>
            <select
              className="input"
              value={role}
              onChange={(e) => setRole(e.target.value as StaffRole)}
              data-testid="tm-staff-role"
            >
              {ROLES.map((option) => (
                <option key={option} value={option}>
                  {TOURNAMENT_ROLE_LABELS[option]}
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            className="btn btn--primary"
            disabled={actions.addOrganizer.isPending}
            data-testid="tm-staff-add"
          >
            {actions.addOrganizer.isPending ? t.adding : t.add}
          </button>
        </form>
      )}
      {error && (
        <p id="tm-staff-error" className="tm-field__error" role="alert" data-testid="tm-staff-error">
          {error}
        </p>
      )}
      <ul className="tm-staff" data-testid="tm-staff-list">
        {isOwner && me && (
          <li className="tm-staff__member" data-role="owner">
            <div className="tm-staff__who">
              <strong>
                {me.displayName || me.email}
                <span className="tm-chip">{t.you}</span>
              </strong>
              {me.displayName && <span className="tm-muted tm-small tm-staff__mail">{me.email}</span>}
            </div>
            <span className="tm-chip tm-staff__role">{TOURNAMENT_ROLE_LABELS.owner}</span>
          </li>
        )}
        {view.organizers.map((member) => (
          <li
            key={member.userId}
            className="tm-staff__member"
            data-testid="tm-staff-member"
            data-role={member.role}
          >
            <div className="tm-staff__who">
              <strong>
                {member.name || member.email}
                {me?.id === member.userId && <span className="tm-chip">{t.you}</span>}
              </strong>
              {member.name && <span className="tm-muted tm-small tm-staff__mail">{member.email}</span>}
            </div>
            {isOwner && member.role !== 'owner' ? (
              <div className="tm-row">
                <select
                  className="input tm-input--sm"
                  value={member.role}
                  aria-label={format(t.roleOf, { name: member.name || member.email })}
                  disabled={actions.addOrganizer.isPending}
                  onChange={(e) => changeRole(member, e.target.value as StaffRole)}
                  data-testid="tm-staff-member-role"
                >
                  {ROLES.map((option) => (
                    <option key={option} value={option}>
                      {TOURNAMENT_ROLE_LABELS[option]}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  disabled={actions.removeOrganizer.isPending}
                  onClick={() => void remove(member)}
                  data-testid="tm-staff-remove"
                >
                  {t.remove}
                </button>
              </div>
            ) : (
              <span className="tm-chip tm-staff__role">{TOURNAMENT_ROLE_LABELS[member.role]}</span>
            )}
          </li>
        ))}
      </ul>
      {view.organizers.length === 0 && !invites.data?.length && <p className="tm-empty">{t.empty}</p>}
      {isOwner && invites.data && invites.data.length > 0 && (
        <>
          <h3 className="tm-small tm-staff__pending-title">{t.pendingTitle}</h3>
          <ul className="tm-staff" data-testid="tm-staff-invites">
            {invites.data.map((invite) => (
              <li key={invite.email} className="tm-staff__member" data-testid="tm-staff-invite">
                <div className="tm-staff__who">
                  <strong>{invite.email}</strong>
                  <span className="tm-muted tm-small">
                    {format(t.pendingRole, { role: TOURNAMENT_ROLE_LABELS[invite.role] })}
                  </span>
                </div>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  disabled={revokeInvite.isPending}
                  onClick={() =>
                    revokeInvite.mutate(
                      { tournamentId: view.id, email: invite.email },
                      { onSuccess: () => void toast.success(format(t.revoked, { email: invite.email })) },
                    )
                  }
                  data-testid="tm-staff-invite-revoke"
                >
                  {t.revoke}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
