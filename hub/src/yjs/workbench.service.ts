import {
  columnsFromFormat,
  commentedDocumentId,
  commentsDocumentId,
  presenceColor,
  roleAtLeast,
  YJS_LIMITS,
  type FlowBox,
  type FlowColumn,
  type Format,
  type GrantableRole,
  type ProjectRole,
} from '@bianshi/shared';
import * as Y from 'yjs';
import type { EntitlementService } from '../commerce/entitlements.service';
import type { TimerRepository } from '../timers/timer.repository';
import type { Clock } from '../lib/clock';
import { HubError } from '../lib/errors';
import { hashKey, newId, newSecretKey } from '../lib/ids';
import type { DocConnection, DocGrant } from './doc-room';
import type { DocRegistry } from './doc.registry';
import { Y as M } from './messages';
import { diffLines, documentLines, restoreUpdate } from './version-text';
import type {
  DocumentKind,
  DocumentRecord,
  FlowMode,
  ProjectKind,
  ProjectRecord,
  YjsRepository,
} from './yjs.repository';

/** Longest an invite link may stay valid: 30 days. */
export const PROJECT_INVITE_MAX_HOURS = 24 * 30;

/** Client path of a project invite link. */
export function projectInvitePath(token: string): string {
  return `/workbench/invite/${token}`;
}

/** Who is asking: an account and/or an invite token. */
export interface Caller {
  userId: string | null;
  inviteToken?: string | null;
  /** sha256 of an invite token (what an open socket keeps). */
  inviteHash?: string | null;
}

export interface NewProject {
  kind: ProjectKind;
  name: string;
  team?: string;
  motion?: string;
  topicId?: string | null;
  mode?: FlowMode;
  /** Flows: the format to build columns from (a built-in or the bound timer's). */
  format?: Format | null;
  formatId?: string | null;
  timerId?: string | null;
  matchId?: string | null;
}

/**
 * Projects (workbenches and flows), their members, invite links, documents and versions, and
 * the access rule every entry (tRPC, document sockets) shares.
 */
export class WorkbenchService {
  constructor(
    private readonly repository: YjsRepository,
    private readonly registry: DocRegistry,
    private readonly timers: TimerRepository,
    private readonly clock: Clock,
    /** Projects, documents and members an account's projects may have follow its plan. */
    private readonly plans: Pick<EntitlementService, 'planOf' | 'limitCheck'>,
  ) {}

  // Access -----------------------------------------------------------------------------------

  /**
   * A caller's role on a project: owner, a membership, or a live invite token's role, the
   * strongest. A judge flow stays the judge's alone until its match has finished.
   */
  async roleOf(project: ProjectRecord, caller: Caller): Promise<ProjectRole | null> {
    return (await this.grantOf(project, caller))?.role ?? null;
  }

  /** The role of {@link roleOf} and until when it holds: the invite's expiry when the role came from it. */
  async grantOf(project: ProjectRecord, caller: Caller): Promise<DocGrant | null> {
    let role: ProjectRole | null = null;
    let until: number | null = null;
    if (caller.userId) role = await this.repository.roleOf(project.id, caller.userId);
    const inviteHash = caller.inviteHash ?? (caller.inviteToken ? hashKey(caller.inviteToken) : null);
    if (role !== 'owner' && inviteHash) {
      const invite = await this.repository.inviteByTokenHash(inviteHash);
      if (
        invite &&
        invite.projectId === project.id &&
        invite.expiresAt.getTime() > this.clock.now() &&
        !roleAtLeast(role, invite.role)
      ) {
        role = invite.role;
        until = invite.expiresAt.getTime();
      }
    }
    if (
      role &&
      role !== 'owner' &&
      project.kind === 'flow' &&
      project.mode !== 'team' &&
      !(await this.flowIsPublic(project))
    )
      return null;
    return role ? { role, until } : null;
  }

  /** The standing behind an open document socket, re-read when access changes and when it expires. */
  async connectionRole(projectId: string, connection: DocConnection): Promise<DocGrant | null> {
    const project = await this.repository.project(projectId);
    return project
      ? this.grantOf(project, { userId: connection.userId, inviteHash: connection.inviteHash })
      : null;
  }

  /** True when the caller's invite link is one of this project's, expired (said so, rather than "no access"). */
  private async expiredInvite(project: ProjectRecord, caller: Caller): Promise<boolean> {
    const inviteHash = caller.inviteHash ?? (caller.inviteToken ? hashKey(caller.inviteToken) : null);
    const invite = inviteHash ? await this.repository.inviteByTokenHash(inviteHash) : null;
    return (
      invite !== null && invite.projectId === project.id && invite.expiresAt.getTime() <= this.clock.now()
    );
  }

  /** The name and colour a document socket shows the others: its account's, or 访客 for an invite alone. */
  async presenceOf(
    userId: string | null,
    inviteHash: string | null,
  ): Promise<{ name: string; color: string }> {
    if (!userId) return { name: M.guest, color: presenceColor(inviteHash ?? M.guest) };
    return { name: (await this.repository.displayNameOf(userId)) || M.guest, color: presenceColor(userId) };
  }

  /** The project and role of a caller, or a Chinese error (401 without any credential, 403 with the wrong one). */
  async access(
    projectId: string,
    caller: Caller,
    minimum: ProjectRole = 'viewer',
  ): Promise<{ project: ProjectRecord; role: ProjectRole; until: number | null }> {
    const project = await this.repository.project(projectId);
    if (!project) throw new HubError('NOT_FOUND', M.projectNotFound, 'project-not-found');
    const grant = await this.grantOf(project, caller);
    if (!grant) {
      if (!caller.userId && !caller.inviteToken && !caller.inviteHash)
        throw new HubError('UNAUTHORIZED', M.signInRequired, 'sign-in-required');
      if (await this.expiredInvite(project, caller))
        throw new HubError('FORBIDDEN', M.inviteExpired, 'invite-expired');
      throw new HubError(
        'FORBIDDEN',
        project.kind === 'flow' && project.mode === 'judge' ? M.judgeFlowPrivate : M.noAccess,
        'no-access',
      );
    }
    if (!roleAtLeast(grant.role, minimum))
      throw new HubError('FORBIDDEN', minimum === 'owner' ? M.ownerOnly : M.editorOnly, 'role-too-low');
    return { project, ...grant };
  }

  /**
   * A document with its project and the caller's role. A text document's comments document
   * (`<id>-comments`) is made on first use, in the text document's project.
   */
  async documentAccess(documentId: string, caller: Caller, minimum: ProjectRole = 'viewer') {
    const document =
      (await this.repository.document(documentId)) ?? (await this.commentsDocument(documentId));
    if (!document) throw new HubError('NOT_FOUND', M.documentNotFound, 'document-not-found');
    return { document, ...(await this.access(document.projectId, caller, minimum)) };
  }

  /** The comments document of a text document, created when first asked for; null for any other id. */
  private async commentsDocument(documentId: string): Promise<DocumentRecord | null> {
    const textId = commentedDocumentId(documentId);
    const text = textId ? await this.repository.document(textId) : null;
    if (!text || text.kind !== 'text') return null;
    return this.repository.ensureDocument({
      id: commentsDocumentId(text.id),
      projectId: text.projectId,
      kind: 'comments',
      title: text.title,
      position: -1,
    });
  }

  // Projects ---------------------------------------------------------------------------------

  list(userId: string, kind: ProjectKind) {
    return this.repository.projectsFor(userId, kind);
  }

  async create(ownerId: string, input: NewProject): Promise<{ projectId: string }> {
    // The plan is read now; the counts and the inserts are one transaction (createProject).
    const checkProjects =
      input.kind === 'workbench' ? await this.plans.limitCheck(ownerId, 'workbenchProjects') : null;
    const checkDocuments = await this.plans.limitCheck(ownerId, 'workbenchDocuments');
    const initial = input.kind === 'workbench' ? 3 : 1;
    const projectId = newId();
    const documents: {
      id: string;
      projectId: string;
      kind: DocumentKind;
      title: string;
      position: number;
    }[] =
      input.kind === 'workbench'
        ? [
            { id: newId(), projectId, kind: 'text', title: '立论稿', position: 0 },
            { id: newId(), projectId, kind: 'cards', title: '资料卡', position: 1 },
            { id: newId(), projectId, kind: 'qa', title: '攻防问答', position: 2 },
          ]
        : [{ id: newId(), projectId, kind: 'flow', title: input.name, position: 0 }];
    await this.repository.createProject(
      {
        id: projectId,
        kind: input.kind,
        name: input.name,
        team: input.team ?? '',
        motion: input.motion ?? '',
        topicId: input.topicId ?? null,
        ownerId,
        mode: input.mode ?? (input.kind === 'flow' ? 'personal' : 'team'),
        formatId: input.formatId ?? null,
        timerId: input.timerId ?? null,
        matchId: input.matchId ?? null,
      },
      documents,
      (owned) => {
        checkProjects?.(owned.projects);
        checkDocuments(owned.documents + initial - 1);
      },
    );
    if (input.kind === 'flow' && input.format)
      await this.repository.appendUpdate(documents[0]!.id, seedFlow(input.format));
    return { projectId };
  }

  async detail(projectId: string, caller: Caller) {
    const { project, role } = await this.access(projectId, caller);
    const [documents, attachment] = await Promise.all([
      this.repository.documents(project.id),
      project.kind === 'flow' ? this.repository.flowAttachment(project.id) : null,
    ]);
    return { project, role, documents, attachedAt: attachment?.attachedAt ?? null };
  }

  async update(
    projectId: string,
    caller: Caller,
    patch: Partial<
      Pick<ProjectRecord, 'name' | 'team' | 'motion' | 'topicId' | 'mode' | 'timerId' | 'matchId'>
    >,
  ): Promise<void> {
    await this.access(projectId, caller, patch.mode !== undefined ? 'owner' : 'editor');
    await this.repository.updateProject(projectId, patch);
    if (patch.mode !== undefined) await this.registry.accessChanged(projectId, null);
  }

  async remove(projectId: string, caller: Caller): Promise<void> {
    await this.access(projectId, caller, 'owner');
    await this.repository.deleteProject(projectId);
    await this.registry.accessChanged(projectId, null);
  }

  // Members and invites ----------------------------------------------------------------------

  /**
   * Members and invite links, for the owner; `seats` is how many people a workbench may have on
   * its owner's plan (owner included; null: no limit, or a flow sheet, which has none).
   */
  async members(projectId: string, caller: Caller) {
    const { project } = await this.access(projectId, caller, 'owner');
    const now = this.clock.now();
    const [members, invites, plan] = await Promise.all([
      this.repository.members(project.id),
      this.repository.invites(project.id),
      project.kind === 'workbench' ? this.plans.planOf(project.ownerId) : null,
    ]);
    return {
      seats: plan?.limits.workbenchMembers ?? null,
      members,
      invites: invites.map(({ tokenHash: _hash, ...invite }) => ({
        ...invite,
        expired: invite.expiresAt.getTime() <= now,
      })),
    };
  }

  async setRole(projectId: string, caller: Caller, userId: string, role: GrantableRole): Promise<void> {
    await this.access(projectId, caller, 'owner');
    if (!(await this.repository.setMemberRole(projectId, userId, role)))
      throw new HubError('NOT_FOUND', M.memberNotFound, 'member-not-found');
    await this.registry.accessChanged(projectId, userId);
  }

  async removeMember(projectId: string, caller: Caller, userId: string): Promise<void> {
    await this.access(projectId, caller, 'owner');
    if (!(await this.repository.removeMember(projectId, userId)))
      throw new HubError('NOT_FOUND', M.memberNotFound, 'member-not-found');
    await this.registry.accessChanged(projectId, userId);
  }

  async createInvite(
    projectId: string,
    caller: Caller,
    input: { role: GrantableRole; expiresInHours: number },
  ) {
    const { project } = await this.access(projectId, caller, 'owner');
    // A personal flow admits nobody else: a link to it would only lead to 没有访问权限.
    if (project.kind === 'flow' && project.mode === 'personal')
      throw new HubError('BAD_REQUEST', M.personalFlowNoInvite, 'personal-flow');
    const token = newSecretKey();
    const id = newId();
    const expiresAt = new Date(
      this.clock.now() + Math.min(input.expiresInHours, PROJECT_INVITE_MAX_HOURS) * 3_600_000,
    );
    await this.repository.createInvite({
      id,
      projectId,
      tokenHash: hashKey(token),
      role: input.role,
      expiresAt,
      createdBy: caller.userId,
    });
    return { id, token, role: input.role, expiresAt, path: projectInvitePath(token) };
  }

  async revokeInvite(projectId: string, caller: Caller, inviteId: string): Promise<void> {
    await this.access(projectId, caller, 'owner');
    await this.repository.revokeInvite(projectId, inviteId);
    await this.registry.accessChanged(projectId, null);
  }

  /** A live invite by its token, or a Chinese error. */
  async liveInvite(token: string) {
    const invite = await this.repository.inviteByTokenHash(hashKey(token));
    if (!invite) throw new HubError('NOT_FOUND', M.inviteInvalid, 'invite-invalid');
    if (invite.expiresAt.getTime() <= this.clock.now())
      throw new HubError('FORBIDDEN', M.inviteExpired, 'invite-expired');
    const project = await this.repository.project(invite.projectId);
    if (!project) throw new HubError('NOT_FOUND', M.projectNotFound, 'project-not-found');
    return { invite, project };
  }

  /**
   * Joins the project with the invite's role (never weakening a stronger membership). A newcomer
   * to a workbench counts against its owner's plan (`workbenchMembers`: the people on the project,
   * its owner included); a member changing role does not.
   */
  async acceptInvite(token: string, userId: string) {
    const { invite, project } = await this.liveInvite(token);
    const current = await this.repository.roleOf(project.id, userId);
    if (current === 'owner')
      return { projectId: project.id, kind: project.kind, role: 'owner' as ProjectRole };
    let role: ProjectRole;
    if (current === null && project.kind === 'workbench') {
      const admit = await this.plans.limitCheck(project.ownerId, 'workbenchMembers');
      role = await this.repository.addNewcomer(project.id, userId, invite.role, (members) =>
        admit(1 + members),
      );
    } else if (roleAtLeast(current, invite.role)) role = current!;
    else {
      await this.repository.putMember(project.id, userId, invite.role);
      role = invite.role;
    }
    await this.repository.countInviteUse(invite.id);
    return { projectId: project.id, kind: project.kind, role };
  }

  // Documents --------------------------------------------------------------------------------

  async createDocument(
    projectId: string,
    caller: Caller,
    input: { kind: DocumentKind; title: string },
  ): Promise<DocumentRecord> {
    const { project } = await this.access(projectId, caller, 'editor');
    const admit = await this.plans.limitCheck(project.ownerId, 'workbenchDocuments');
    const existing = await this.repository.documents(project.id);
    const row = {
      id: newId(),
      projectId: project.id,
      kind: input.kind,
      title: input.title,
      position: existing.length,
      createdAt: new Date(this.clock.now()),
    };
    await this.repository.createDocument(row, { id: project.ownerId, admit });
    await this.repository.updateProject(project.id, {});
    return row;
  }

  async renameDocument(documentId: string, caller: Caller, title: string): Promise<void> {
    await this.documentAccess(documentId, caller, 'editor');
    await this.repository.renameDocument(documentId, title);
  }

  async deleteDocument(documentId: string, caller: Caller): Promise<void> {
    await this.documentAccess(documentId, caller, 'owner');
    await this.repository.deleteDocument(documentId);
    await this.repository.deleteDocument(commentsDocumentId(documentId));
    // Open sockets on any hub would otherwise go on writing into a document that is gone.
    await this.registry.documentRemoved(documentId);
    await this.registry.documentRemoved(commentsDocumentId(documentId));
  }

  // Versions ---------------------------------------------------------------------------------

  /** The stored state of a document: every persisted update merged. */
  private async storedState(documentId: string): Promise<Uint8Array> {
    const stored = await this.repository.load(documentId);
    return Y.mergeUpdates([
      ...(stored.snapshot ? [stored.snapshot.state] : []),
      ...stored.updates.map((u) => u.update),
    ]);
  }

  async versions(documentId: string, caller: Caller) {
    await this.documentAccess(documentId, caller);
    return this.repository.versions(documentId);
  }

  async saveVersion(documentId: string, caller: Caller, name: string) {
    const { document } = await this.documentAccess(documentId, caller, 'editor');
    if ((await this.repository.countVersions(documentId)) >= YJS_LIMITS.versionsPerDocument)
      throw new HubError('FORBIDDEN', M.tooManyVersions, 'too-many-versions');
    const state = await this.storedState(documentId);
    const id = newId();
    await this.repository.createVersion({
      id,
      documentId,
      name,
      state,
      meta: { lines: documentLines(document.kind, state).length },
      createdBy: caller.userId,
    });
    return { id, name };
  }

  /** A line diff between two versions, or a version and the current state (`null`). */
  async compare(documentId: string, caller: Caller, fromVersionId: string, toVersionId: string | null) {
    const { document } = await this.documentAccess(documentId, caller);
    const from = await this.repository.version(documentId, fromVersionId);
    if (!from) throw new HubError('NOT_FOUND', M.versionNotFound, 'version-not-found');
    const to = toVersionId ? await this.repository.version(documentId, toVersionId) : null;
    if (toVersionId && !to) throw new HubError('NOT_FOUND', M.versionNotFound, 'version-not-found');
    const after = to ? to.state : await this.storedState(documentId);
    return {
      lines: diffLines(documentLines(document.kind, from.state), documentLines(document.kind, after)),
    };
  }

  /** Makes the document read like a version again, as a new edit every replica merges. */
  async restore(documentId: string, caller: Caller, versionId: string): Promise<void> {
    const { document } = await this.documentAccess(documentId, caller, 'editor');
    const version = await this.repository.version(documentId, versionId);
    if (!version) throw new HubError('NOT_FOUND', M.versionNotFound, 'version-not-found');
    const room = await this.registry.open(documentId, document.projectId);
    const update = restoreUpdate(document.kind, Y.encodeStateAsUpdate(room.doc), version.state);
    await room.applyServerUpdate(update);
    this.registry.releaseIfIdle(documentId);
  }

  // Flows ------------------------------------------------------------------------------------

  /**
   * Attaches a copy of a flow to its match's record (again: the copy is refreshed). Only the
   * flow's owner, only for a flow that follows a match, only once that match has finished, and
   * only while the owner may see that match's timer (`mayViewTimer`: a private timer's records
   * belong to its owner and members).
   */
  async attachFlow(
    projectId: string,
    caller: Caller,
    mayViewTimer: (timerId: string) => Promise<boolean>,
  ): Promise<{ matchId: string; attachedAt: Date }> {
    const { project } = await this.access(projectId, caller, 'owner');
    if (project.kind !== 'flow') throw new HubError('BAD_REQUEST', M.wrongKind, 'wrong-kind');
    if (!project.matchId) throw new HubError('BAD_REQUEST', M.attachNeedsMatch, 'flow-without-match');
    const match = await this.timers.findMatch(project.matchId);
    if (!match || !(await mayViewTimer(match.timerId)))
      throw new HubError('FORBIDDEN', M.attachNeedsTimer, 'timer-private');
    if (!(await this.matchFinished(project.matchId)))
      throw new HubError('CONFLICT', M.attachNeedsFinish, 'match-not-finished');
    const [document] = await this.repository.documents(project.id);
    const doc = new Y.Doc();
    if (document) Y.applyUpdate(doc, await this.storedState(document.id));
    const columns = doc.getArray<FlowColumn>('columns').toArray();
    const boxes = [...doc.getMap<FlowBox>('boxes').values()];
    doc.destroy();
    const attachedAt = new Date(this.clock.now());
    await this.repository.attachFlow({
      projectId: project.id,
      matchId: project.matchId,
      title: project.name,
      judgeName: await this.repository.displayNameOf(project.ownerId),
      columns,
      boxes,
      attachedBy: caller.userId,
      attachedAt,
    });
    return { matchId: project.matchId, attachedAt };
  }

  async detachFlow(projectId: string, caller: Caller): Promise<void> {
    await this.access(projectId, caller, 'owner');
    await this.repository.detachFlow(projectId);
  }

  /** The flows attached to a match's record (the caller checked that the record is visible). */
  async attachedFlows(matchId: string) {
    const rows = await this.repository.flowAttachmentsOfMatch(matchId);
    return rows.map((row) => ({
      ...row,
      columns: row.columns as FlowColumn[],
      boxes: row.boxes as FlowBox[],
    }));
  }

  private async matchFinished(matchId: string): Promise<boolean> {
    const match = await this.timers.findMatch(matchId);
    return match !== null && (match.state as { finishedAt: number | null }).finishedAt !== null;
  }

  /** A flow whose match has finished (or that follows no match) is no longer private. */
  private async flowIsPublic(project: ProjectRecord): Promise<boolean> {
    if (project.mode === 'team') return true;
    if (project.mode === 'personal') return false;
    return project.matchId !== null && this.matchFinished(project.matchId);
  }
}

/** The first update of a flow document: its columns from the format. */
function seedFlow(format: Format): Uint8Array {
  const doc = new Y.Doc();
  const ids = Array.from({ length: format.stages.length + 1 }, (_, index) => `col${index}`);
  doc.transact(() => {
    doc.getArray('columns').insert(0, columnsFromFormat(format, ids));
    doc.getMap('meta').set('formatName', format.name);
  });
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return update;
}
