import { useState } from 'react';
import { toast } from '../../lib/toast';
import { GRANTABLE_ROLES, type GrantableRole } from '@bianshi/shared';
import { CopyButton } from '../ui/copy-button';
import { Dialog } from '../ui/dialog';
import { dateTimeFormat, format } from '../../i18n';
import { workbench as workbenchText } from '../../i18n/zh-CN/workbench';
import { errorText } from './error-text';
import { useProjectMembers } from './member-queries';
import './projects.css';

const t = workbenchText.members;
const roles = workbenchText.roles;

/**
 * The owner's list of members and invite links of a project — a workbench or a team flow sheet:
 * change a role, remove, invite, revoke.
 */
export function MembersDialog({
  projectId,
  open,
  onClose,
}: {
  projectId: string;
  open: boolean;
  onClose: () => void;
}) {
  const actions = useProjectMembers(projectId, open);
  const list = actions.list;
  const [role, setRole] = useState<GrantableRole>('editor');
  const [hours, setHours] = useState(168);
  const [fresh, setFresh] = useState<string | null>(null);
  const fail = (error: unknown) => toast.error(errorText(error));
  const createInvite = () =>
    actions.createInvite.mutate(
      { projectId, role, expiresInHours: hours },
      {
        onSuccess: (invite) => setFresh(new URL(invite.path, window.location.origin).toString()),
        onError: fail,
      },
    );
  return (
    <Dialog
      open={open}
      title={t.title}
      onClose={onClose}
      footer={
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          {t.close}
        </button>
      }
    >
      <div className="wb-members">
        {list.data && list.data.seats !== null ? (
          <Seats people={list.data.members.length + 1} seats={list.data.seats} />
        ) : null}
        <ul className="wb-members__list">
          {(list.data?.members ?? []).map((member) => (
            <li key={member.userId} className="wb-members__row">
              <span className="wb-members__who">{member.displayName || member.email}</span>
              <select
                className="input input--sm"
                aria-label={format('{name} 的角色', { name: member.displayName || member.email })}
                value={member.role}
                onChange={(event) =>
                  actions.setRole.mutate(
                    { projectId, userId: member.userId, role: event.target.value as GrantableRole },
                    { onError: fail },
                  )
                }
              >
                {GRANTABLE_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {roles[r]}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() =>
                  actions.removeMember.mutate({ projectId, userId: member.userId }, { onError: fail })
                }
              >
                {t.remove}
              </button>
            </li>
          ))}
          {list.data && list.data.members.length === 0 ? <li className="wb-empty">{t.none}</li> : null}
        </ul>
        <h3 className="wb-members__title">{t.invites}</h3>
        <div className="wb-members__create">
          <label className="wb-field wb-field--inline">
            <span>{t.role}</span>
            <select
              className="input input--sm"
              value={role}
              onChange={(event) => setRole(event.target.value as GrantableRole)}
            >
              {GRANTABLE_ROLES.map((r) => (
                <option key={r} value={r}>
                  {roles[r]}
                </option>
              ))}
            </select>
          </label>
          <label className="wb-field wb-field--inline">
            <span>{t.expiry}</span>
            <select
              className="input input--sm"
              value={hours}
              onChange={(event) => setHours(Number(event.target.value))}
            >
              {[24, 168, 720].map((h) => (
                <option key={h} value={h}>
                  {t.hours[h]}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn btn--primary btn--sm"
            onClick={createInvite}
            disabled={actions.createInvite.isPending}
          >
            {t.createInvite}
          </button>
        </div>
        {fresh ? (
          <div className="wb-members__fresh">
            <input
              className="input"
              readOnly
              value={fresh}
              aria-label={t.copy}
              onFocus={(event) => event.target.select()}
            />
            <CopyButton value={fresh} label={t.copy} copiedLabel={t.copied} failedMessage={fresh} />
            <p className="wb-hint">{t.shownOnce}</p>
          </div>
        ) : null}
        <ul className="wb-members__list">
          {(list.data?.invites ?? []).map((invite) => (
            <li key={invite.id} className="wb-members__row" data-expired={invite.expired}>
              <span className="wb-members__who">{roles[invite.role]}</span>
              <span className="wb-hint">
                {invite.expired
                  ? t.expired
                  : format(t.expires, { time: dateTimeFormat.format(new Date(invite.expiresAt)) })}
              </span>
              <span className="wb-hint">{format(t.uses, { n: invite.uses })}</span>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() =>
                  actions.revokeInvite.mutate({ projectId, inviteId: invite.id }, { onError: fail })
                }
              >
                {t.revoke}
              </button>
            </li>
          ))}
          {list.data && list.data.invites.length === 0 ? <li className="wb-empty">{t.invitesNone}</li> : null}
        </ul>
      </div>
    </Dialog>
  );
}

/** How many people the project has of the owner's plan's places, and what a full project means. */
function Seats({ people, seats }: { people: number; seats: number }) {
  const full = people >= seats;
  return (
    <div className="wb-members__seats" data-testid="wb-members-seats" data-full={full}>
      <p className="wb-hint">{format(t.seats, { n: people, max: seats })}</p>
      {full ? (
        <p className="wb-hint" role="status">
          {t.seatsFull}
        </p>
      ) : null}
    </div>
  );
}

/** The owner's 成员与邀请 button and the dialog it opens. */
export function MembersButton({ projectId }: { projectId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn--secondary btn--sm" onClick={() => setOpen(true)}>
        {workbenchText.project.members}
      </button>
      <MembersDialog projectId={projectId} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
