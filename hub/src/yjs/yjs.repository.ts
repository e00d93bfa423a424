import { and, asc, count, desc, eq, gt, inArray, lte, ne, or, sql } from 'drizzle-orm';
import { roleAtLeast, type GrantableRole, type ProjectRole } from '@bianshi/shared';
import { lockAccount } from '../auth/account-lock';
import type { Db } from '../db/database';
import { users } from '../auth/auth.schema';
import {
  yjsDocuments,
  yjsFlowAttachments,
  yjsInvites,
  yjsMembers,
  yjsProjects,
  yjsSnapshots,
  yjsUpdates,
  yjsVersions,
} from './yjs.schema';

export type ProjectKind = 'workbench' | 'flow';
export type FlowMode = 'personal' | 'team' | 'judge';
/** `comments`: a text document's comments (`<id>-comments`), never listed or counted on its own. */
export type DocumentKind = 'text' | 'cards' | 'qa' | 'flow' | 'comments';

export type ProjectRecord = typeof yjsProjects.$inferSelect & { kind: ProjectKind; mode: FlowMode };
export type DocumentRecord = typeof yjsDocuments.$inferSelect & { kind: DocumentKind };
export type InviteRecord = typeof yjsInvites.$inferSelect & { role: GrantableRole };

/** What a document is loaded from: the compacted state (if any) and the updates after it. */
export interface StoredDocument {
  snapshot: { state: Uint8Array; upToId: number } | null;
  updates: { id: number; update: Uint8Array }[];
}

const b64 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
const unb64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

/** Data access for projects, their members and invites, documents, updates and versions. */
export class YjsRepository {
  constructor(private readonly db: Db) {}

  // Projects ---------------------------------------------------------------------------------

  /**
   * Writes a project with its documents. `admit` is handed what the owner already has (projects
   * of this kind, documents), counted inside the transaction under the owner's account lock, and
   * throws to refuse: creations racing for a plan's last place are counted one after the other.
   */
  async createProject(
    row: typeof yjsProjects.$inferInsert,
    documents: (typeof yjsDocuments.$inferInsert)[],
    admit?: (owned: { projects: number; documents: number }) => void,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (admit) {
        await lockAccount(tx, row.ownerId);
        admit({
          projects: await this.countProjectsOwnedBy(row.ownerId, row.kind as ProjectKind, tx),
          documents: await this.countDocumentsOwnedBy(row.ownerId, tx),
        });
      }
      await tx.insert(yjsProjects).values(row);
      if (documents.length > 0) await tx.insert(yjsDocuments).values(documents);
    });
  }

  async project(id: string): Promise<ProjectRecord | null> {
    const [row] = await this.db.select().from(yjsProjects).where(eq(yjsProjects.id, id)).limit(1);
    return (row as ProjectRecord | undefined) ?? null;
  }

  /** Projects of a kind the account owns or is a member of, newest first, with the account's role. */
  async projectsFor(userId: string, kind: ProjectKind): Promise<(ProjectRecord & { role: ProjectRole })[]> {
    const rows = await this.db
      .select({ project: yjsProjects, memberRole: yjsMembers.role })
      .from(yjsProjects)
      .leftJoin(yjsMembers, and(eq(yjsMembers.projectId, yjsProjects.id), eq(yjsMembers.userId, userId)))
      .where(
        and(eq(yjsProjects.kind, kind), or(eq(yjsProjects.ownerId, userId), eq(yjsMembers.userId, userId))),
      )
      .orderBy(desc(yjsProjects.updatedAt));
    return rows.map(({ project, memberRole }) => ({
      ...(project as ProjectRecord),
      role: project.ownerId === userId ? 'owner' : (memberRole as ProjectRole),
    }));
  }

  async updateProject(id: string, patch: Partial<typeof yjsProjects.$inferInsert>): Promise<void> {
    await this.db
      .update(yjsProjects)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(yjsProjects.id, id));
  }

  async deleteProject(id: string): Promise<void> {
    await this.db.delete(yjsProjects).where(eq(yjsProjects.id, id));
  }

  async countProjectsOwnedBy(userId: string, kind: ProjectKind, db: Db = this.db): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(yjsProjects)
      .where(and(eq(yjsProjects.ownerId, userId), eq(yjsProjects.kind, kind)));
    return row?.n ?? 0;
  }

  /** The role an account has on a project: owner, a member's role, or null. */
  async roleOf(projectId: string, userId: string): Promise<ProjectRole | null> {
    const project = await this.project(projectId);
    if (!project) return null;
    if (project.ownerId === userId) return 'owner';
    const [row] = await this.db
      .select({ role: yjsMembers.role })
      .from(yjsMembers)
      .where(and(eq(yjsMembers.projectId, projectId), eq(yjsMembers.userId, userId)))
      .limit(1);
    return (row?.role as ProjectRole | undefined) ?? null;
  }

  // Members and invites ----------------------------------------------------------------------

  async members(projectId: string) {
    return this.db
      .select({
        userId: yjsMembers.userId,
        role: yjsMembers.role,
        email: users.email,
        displayName: users.displayName,
        createdAt: yjsMembers.createdAt,
      })
      .from(yjsMembers)
      .innerJoin(users, eq(users.id, yjsMembers.userId))
      .where(eq(yjsMembers.projectId, projectId))
      .orderBy(asc(yjsMembers.createdAt)) as Promise<
      { userId: string; role: GrantableRole; email: string; displayName: string; createdAt: Date }[]
    >;
  }

  /**
   * Adds an account that is not yet on the project, counted under a lock on the project's row:
   * two accepts at the same instant, on one hub or two, are counted one after the other.
   * `admit` gets the members before this one and throws to refuse. An account that joined
   * meanwhile is not counted again; its role only grows (never weakened). Returns the role the
   * account holds afterwards.
   */
  async addNewcomer(
    projectId: string,
    userId: string,
    role: GrantableRole,
    admit: (members: number) => void,
  ): Promise<GrantableRole> {
    return this.db.transaction(async (tx) => {
      await tx
        .select({ id: yjsProjects.id })
        .from(yjsProjects)
        .where(eq(yjsProjects.id, projectId))
        .for('update');
      const [present] = await tx
        .select({ role: yjsMembers.role })
        .from(yjsMembers)
        .where(and(eq(yjsMembers.projectId, projectId), eq(yjsMembers.userId, userId)));
      if (!present) {
        const [row] = await tx
          .select({ n: count() })
          .from(yjsMembers)
          .where(eq(yjsMembers.projectId, projectId));
        admit(row?.n ?? 0);
      } else if (roleAtLeast(present.role as GrantableRole, role)) return present.role as GrantableRole;
      await tx
        .insert(yjsMembers)
        .values({ projectId, userId, role })
        .onConflictDoUpdate({ target: [yjsMembers.projectId, yjsMembers.userId], set: { role } });
      return role;
    });
  }

  async putMember(projectId: string, userId: string, role: GrantableRole): Promise<void> {
    await this.db
      .insert(yjsMembers)
      .values({ projectId, userId, role })
      .onConflictDoUpdate({ target: [yjsMembers.projectId, yjsMembers.userId], set: { role } });
  }

  async setMemberRole(projectId: string, userId: string, role: GrantableRole): Promise<boolean> {
    const rows = await this.db
      .update(yjsMembers)
      .set({ role })
      .where(and(eq(yjsMembers.projectId, projectId), eq(yjsMembers.userId, userId)))
      .returning({ userId: yjsMembers.userId });
    return rows.length > 0;
  }

  async removeMember(projectId: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(yjsMembers)
      .where(and(eq(yjsMembers.projectId, projectId), eq(yjsMembers.userId, userId)))
      .returning({ userId: yjsMembers.userId });
    return rows.length > 0;
  }

  async createInvite(row: typeof yjsInvites.$inferInsert): Promise<void> {
    await this.db.insert(yjsInvites).values(row);
  }

  async invites(projectId: string): Promise<InviteRecord[]> {
    return (await this.db
      .select()
      .from(yjsInvites)
      .where(eq(yjsInvites.projectId, projectId))
      .orderBy(desc(yjsInvites.createdAt))) as InviteRecord[];
  }

  async inviteByTokenHash(tokenHash: string): Promise<InviteRecord | null> {
    const [row] = await this.db.select().from(yjsInvites).where(eq(yjsInvites.tokenHash, tokenHash)).limit(1);
    return (row as InviteRecord | undefined) ?? null;
  }

  async revokeInvite(projectId: string, inviteId: string): Promise<boolean> {
    const rows = await this.db
      .delete(yjsInvites)
      .where(and(eq(yjsInvites.projectId, projectId), eq(yjsInvites.id, inviteId)))
      .returning({ id: yjsInvites.id });
    return rows.length > 0;
  }

  async countInviteUse(inviteId: string): Promise<void> {
    await this.db
      .update(yjsInvites)
      .set({ uses: sql`${yjsInvites.uses} + 1` })
      .where(eq(yjsInvites.id, inviteId));
  }

  // Documents --------------------------------------------------------------------------------

  /** Writes a document; `owner.admit` checks the owner's documents as `createProject`'s `admit` does. */
  async createDocument(
    row: typeof yjsDocuments.$inferInsert,
    owner?: { id: string; admit: (documents: number) => void },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (owner) {
        await lockAccount(tx, owner.id);
        owner.admit(await this.countDocumentsOwnedBy(owner.id, tx));
      }
      await tx.insert(yjsDocuments).values(row);
    });
  }

  /** Inserts a document unless it exists; returns the stored row. */
  async ensureDocument(row: typeof yjsDocuments.$inferInsert): Promise<DocumentRecord> {
    await this.db.insert(yjsDocuments).values(row).onConflictDoNothing();
    return (await this.document(row.id))!;
  }

  async document(id: string): Promise<DocumentRecord | null> {
    const [row] = await this.db.select().from(yjsDocuments).where(eq(yjsDocuments.id, id)).limit(1);
    return (row as DocumentRecord | undefined) ?? null;
  }

  async documents(projectId: string): Promise<DocumentRecord[]> {
    return (await this.db
      .select()
      .from(yjsDocuments)
      .where(and(eq(yjsDocuments.projectId, projectId), ne(yjsDocuments.kind, 'comments')))
      .orderBy(asc(yjsDocuments.position), asc(yjsDocuments.createdAt))) as DocumentRecord[];
  }

  async renameDocument(id: string, title: string): Promise<void> {
    await this.db.update(yjsDocuments).set({ title }).where(eq(yjsDocuments.id, id));
  }

  async deleteDocument(id: string): Promise<void> {
    await this.db.delete(yjsDocuments).where(eq(yjsDocuments.id, id));
  }

  /** Documents in every project the account owns. */
  async countDocumentsOwnedBy(userId: string, db: Db = this.db): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(yjsDocuments)
      .innerJoin(yjsProjects, eq(yjsProjects.id, yjsDocuments.projectId))
      .where(and(eq(yjsProjects.ownerId, userId), ne(yjsDocuments.kind, 'comments')));
    return row?.n ?? 0;
  }

  // Updates and snapshots --------------------------------------------------------------------

  /** Appends one update; resolves once it is committed. Returns its id. */
  async appendUpdate(documentId: string, update: Uint8Array): Promise<number> {
    const [row] = await this.db
      .insert(yjsUpdates)
      .values({ documentId, update: b64(update), bytes: update.byteLength })
      .returning({ id: yjsUpdates.id });
    return row!.id;
  }

  /** Appends several updates in one statement (in order); resolves once they are committed. */
  async appendUpdates(documentId: string, updates: readonly Uint8Array[]): Promise<void> {
    if (updates.length === 0) return;
    await this.db
      .insert(yjsUpdates)
      .values(updates.map((update) => ({ documentId, update: b64(update), bytes: update.byteLength })));
  }

  /** The snapshot and every update after it, in order. */
  async load(documentId: string): Promise<StoredDocument> {
    const [snapshot] = await this.db
      .select()
      .from(yjsSnapshots)
      .where(eq(yjsSnapshots.documentId, documentId))
      .limit(1);
    const after = snapshot?.upToId ?? 0;
    const rows = await this.db
      .select({ id: yjsUpdates.id, update: yjsUpdates.update })
      .from(yjsUpdates)
      .where(and(eq(yjsUpdates.documentId, documentId), gt(yjsUpdates.id, after)))
      .orderBy(asc(yjsUpdates.id));
    return {
      snapshot: snapshot ? { state: unb64(snapshot.state), upToId: snapshot.upToId } : null,
      updates: rows.map((row) => ({ id: row.id, update: unb64(row.update) })),
    };
  }

  async pendingUpdateCount(documentId: string): Promise<number> {
    const [snapshot] = await this.db
      .select({ upToId: yjsSnapshots.upToId })
      .from(yjsSnapshots)
      .where(eq(yjsSnapshots.documentId, documentId))
      .limit(1);
    const [row] = await this.db
      .select({ n: count() })
      .from(yjsUpdates)
      .where(and(eq(yjsUpdates.documentId, documentId), gt(yjsUpdates.id, snapshot?.upToId ?? 0)));
    return row?.n ?? 0;
  }

  /**
   * Folds the snapshot and the updates after it into one new snapshot with `merge`
   * (`Y.mergeUpdates`), then deletes the folded updates, in one transaction. The snapshot row
   * is locked, so two hubs compacting one document take turns; updates appended meanwhile
   * have higher ids and stay.
   */
  async compact(
    documentId: string,
    merge: (updates: Uint8Array[]) => Uint8Array,
  ): Promise<{ folded: number; bytes: number } | null> {
    return this.db.transaction(async (tx) => {
      const [snapshot] = await tx
        .select()
        .from(yjsSnapshots)
        .where(eq(yjsSnapshots.documentId, documentId))
        .for('update');
      const after = snapshot?.upToId ?? 0;
      const rows = await tx
        .select({ id: yjsUpdates.id, update: yjsUpdates.update })
        .from(yjsUpdates)
        .where(and(eq(yjsUpdates.documentId, documentId), gt(yjsUpdates.id, after)))
        .orderBy(asc(yjsUpdates.id));
      if (rows.length === 0) return null;
      const parts = [...(snapshot ? [unb64(snapshot.state)] : []), ...rows.map((row) => unb64(row.update))];
      const merged = merge(parts);
      const upToId = rows[rows.length - 1]!.id;
      const values = {
        documentId,
        state: b64(merged),
        bytes: merged.byteLength,
        upToId,
        updatedAt: new Date(),
      };
      await tx
        .insert(yjsSnapshots)
        .values(values)
        .onConflictDoUpdate({ target: yjsSnapshots.documentId, set: values });
      await tx
        .delete(yjsUpdates)
        .where(and(eq(yjsUpdates.documentId, documentId), lte(yjsUpdates.id, upToId)));
      return { folded: rows.length, bytes: merged.byteLength };
    });
  }

  // Versions ---------------------------------------------------------------------------------

  async createVersion(row: {
    id: string;
    documentId: string;
    name: string;
    state: Uint8Array;
    meta: Record<string, unknown>;
    createdBy: string | null;
  }): Promise<void> {
    await this.db.insert(yjsVersions).values({ ...row, state: b64(row.state) });
  }

  async versions(documentId: string) {
    return this.db
      .select({
        id: yjsVersions.id,
        name: yjsVersions.name,
        createdAt: yjsVersions.createdAt,
        createdBy: yjsVersions.createdBy,
        meta: yjsVersions.meta,
      })
      .from(yjsVersions)
      .where(eq(yjsVersions.documentId, documentId))
      .orderBy(desc(yjsVersions.createdAt));
  }

  async countVersions(documentId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(yjsVersions)
      .where(eq(yjsVersions.documentId, documentId));
    return row?.n ?? 0;
  }

  async version(
    documentId: string,
    versionId: string,
  ): Promise<{ id: string; name: string; state: Uint8Array; createdAt: Date } | null> {
    const [row] = await this.db
      .select()
      .from(yjsVersions)
      .where(and(eq(yjsVersions.documentId, documentId), eq(yjsVersions.id, versionId)))
      .limit(1);
    return row ? { id: row.id, name: row.name, state: unb64(row.state), createdAt: row.createdAt } : null;
  }

  // Flows attached to match records ---------------------------------------------------------

  async attachFlow(row: typeof yjsFlowAttachments.$inferInsert): Promise<void> {
    const { projectId: _id, ...set } = row;
    await this.db
      .insert(yjsFlowAttachments)
      .values(row)
      .onConflictDoUpdate({ target: yjsFlowAttachments.projectId, set });
  }

  async detachFlow(projectId: string): Promise<void> {
    await this.db.delete(yjsFlowAttachments).where(eq(yjsFlowAttachments.projectId, projectId));
  }

  async flowAttachment(projectId: string): Promise<{ attachedAt: Date } | null> {
    const [row] = await this.db
      .select({ attachedAt: yjsFlowAttachments.attachedAt })
      .from(yjsFlowAttachments)
      .where(eq(yjsFlowAttachments.projectId, projectId))
      .limit(1);
    return row ?? null;
  }

  async flowAttachmentsOfMatch(matchId: string) {
    return this.db
      .select({
        projectId: yjsFlowAttachments.projectId,
        title: yjsFlowAttachments.title,
        judgeName: yjsFlowAttachments.judgeName,
        columns: yjsFlowAttachments.columns,
        boxes: yjsFlowAttachments.boxes,
        attachedAt: yjsFlowAttachments.attachedAt,
      })
      .from(yjsFlowAttachments)
      .where(eq(yjsFlowAttachments.matchId, matchId))
      .orderBy(asc(yjsFlowAttachments.attachedAt));
  }

  async displayNameOf(userId: string): Promise<string> {
    const [row] = await this.db
      .select({ displayName: users.displayName, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row ? row.displayName || row.email.split('@')[0]! : '';
  }

  /** Projects of the given ids that are flows bound to a match (for the judge-mode check). */
  async projectsByIds(ids: string[]): Promise<ProjectRecord[]> {
    if (ids.length === 0) return [];
    return (await this.db.select().from(yjsProjects).where(inArray(yjsProjects.id, ids))) as ProjectRecord[];
  }
}
