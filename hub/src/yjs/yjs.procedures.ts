import { GRANTABLE_ROLES, getBuiltinFormat } from '@bianshi/shared';
import { z } from 'zod';
import { HubError } from '../lib/errors';
import type { Context } from '../trpc/context';
import { publicProcedure, router } from '../trpc/init';
import { authedProcedure } from '../auth/auth-access';
import { Y as M } from './messages';
import type { Caller } from './workbench.service';

const idSchema = z.string().min(1).max(64);
const tokenSchema = z.string().min(20).max(200);
const roleSchema = z.enum(GRANTABLE_ROLES, { error: '角色只能是查看者、评论者或编辑者。' });
const nameSchema = z
  .string()
  .trim()
  .min(1, { error: '请填写名称。' })
  .max(80, { error: '名称最多 80 个字。' });
const shortText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `最多 ${max} 个字。` });

/** The caller of a procedure: the signed-in account, and an invite token when the input carries one. */
function callerOf(ctx: Context, inviteToken?: string): Caller {
  return { userId: ctx.user?.id ?? null, inviteToken: inviteToken ?? null };
}

const projectInput = z.object({ projectId: idSchema, invite: tokenSchema.optional() });
const documentInput = z.object({ documentId: idSchema, invite: tokenSchema.optional() });

/**
 * 备赛工作台 and 流程单: projects, members and invite links, documents and their versions. The
 * documents' content travels over `/api/yjs/<documentId>`, never through here.
 */
export const workbenchRouter = router({
  /** The account's projects of one kind, with its role on each. */
  list: authedProcedure
    .input(z.object({ kind: z.enum(['workbench', 'flow']) }))
    .query(({ ctx, input }) => ctx.services.yjs.workbench.list(ctx.user.id, input.kind)),

  create: authedProcedure
    .input(
      z.object({
        kind: z.enum(['workbench', 'flow']),
        name: nameSchema,
        team: shortText(80).optional(),
        motion: shortText(200).optional(),
        topicId: idSchema.nullable().optional(),
        mode: z.enum(['personal', 'team', 'judge']).optional(),
        formatId: idSchema.optional(),
        timerId: idSchema.optional(),
        /** A private timer's view key (from its display link), when the caller has no other standing on it. */
        viewKey: z.string().max(200).optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      if (input.topicId) await ctx.services.library.topics.topic(input.topicId);
      let format = input.formatId ? (getBuiltinFormat(input.formatId) ?? null) : null;
      let matchId: string | null = null;
      let timerId: string | null = null;
      if (input.timerId) {
        const timer = await ctx.services.timers.get(input.timerId).catch(() => {
          throw new HubError('NOT_FOUND', M.timerNotFound, 'timer-not-found');
        });
        // A flow shows its timer's match (and may later join its record): only for those who may watch it.
        if (!(await ctx.services.timers.canView(timer, ctx, input.viewKey)))
          throw new HubError('FORBIDDEN', M.timerPrivate, 'timer-private');
        timerId = timer.id;
        matchId = timer.currentMatchId;
        format ??= timer.format as never;
      }
      if (input.kind === 'flow' && !format) format = getBuiltinFormat('cn-worldcup') ?? null;
      return ctx.services.yjs.workbench.create(ctx.user.id, {
        kind: input.kind,
        name: input.name,
        ...(input.team !== undefined ? { team: input.team } : {}),
        ...(input.motion !== undefined ? { motion: input.motion } : {}),
        topicId: input.topicId ?? null,
        ...(input.mode ? { mode: input.mode } : {}),
        format,
        formatId: input.formatId ?? null,
        timerId,
        matchId,
      });
    }),

  /** A project with its documents and the caller's role (members, or an invite token). */
  get: publicProcedure
    .input(projectInput)
    .query(({ ctx, input }) =>
      ctx.services.yjs.workbench.detail(input.projectId, callerOf(ctx, input.invite)),
    ),

  update: authedProcedure
    .input(
      z.object({
        projectId: idSchema,
        name: nameSchema.optional(),
        team: shortText(80).optional(),
        motion: shortText(200).optional(),
        topicId: idSchema.nullable().optional(),
        mode: z.enum(['personal', 'team', 'judge']).optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const { projectId, ...patch } = input;
      // A linked topic must exist in the library (NOT_FOUND, in Chinese, otherwise).
      if (patch.topicId) await ctx.services.library.topics.topic(patch.topicId);
      await ctx.services.yjs.workbench.update(
        projectId,
        callerOf(ctx),
        Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)),
      );
      return { ok: true as const };
    }),

  remove: authedProcedure.input(z.object({ projectId: idSchema })).mutation(async ({ ctx, input }) => {
    await ctx.services.yjs.workbench.remove(input.projectId, callerOf(ctx));
    return { ok: true as const };
  }),

  members: authedProcedure
    .input(z.object({ projectId: idSchema }))
    .query(({ ctx, input }) => ctx.services.yjs.workbench.members(input.projectId, callerOf(ctx))),

  setRole: authedProcedure
    .input(z.object({ projectId: idSchema, userId: idSchema, role: roleSchema }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.yjs.workbench.setRole(input.projectId, callerOf(ctx), input.userId, input.role);
      return { ok: true as const };
    }),

  removeMember: authedProcedure
    .input(z.object({ projectId: idSchema, userId: idSchema }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.yjs.workbench.removeMember(input.projectId, callerOf(ctx), input.userId);
      return { ok: true as const };
    }),

  /** An invite link (`/workbench/invite/<token>`); the token is shown this once. */
  createInvite: authedProcedure
    .input(
      z.object({
        projectId: idSchema,
        role: roleSchema,
        expiresInHours: z
          .number()
          .int()
          .min(1, { error: '有效期至少 1 小时。' })
          .max(720, { error: '有效期最长 30 天。' })
          .default(168),
      }),
    )
    .mutation(({ ctx, input }) =>
      ctx.services.yjs.workbench.createInvite(input.projectId, callerOf(ctx), input),
    ),

  revokeInvite: authedProcedure
    .input(z.object({ projectId: idSchema, inviteId: idSchema }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.yjs.workbench.revokeInvite(input.projectId, callerOf(ctx), input.inviteId);
      return { ok: true as const };
    }),

  /** What an invite offers, before signing in. */
  previewInvite: publicProcedure.input(z.object({ token: tokenSchema })).query(async ({ ctx, input }) => {
    const { invite, project } = await ctx.services.yjs.workbench.liveInvite(input.token);
    return { projectName: project.name, kind: project.kind, role: invite.role, expiresAt: invite.expiresAt };
  }),

  acceptInvite: authedProcedure
    .input(z.object({ token: tokenSchema }))
    .mutation(({ ctx, input }) => ctx.services.yjs.workbench.acceptInvite(input.token, ctx.user.id)),

  createDocument: authedProcedure
    .input(
      z.object({
        projectId: idSchema,
        kind: z.enum(['text', 'cards', 'qa']).default('text'),
        title: nameSchema,
      }),
    )
    .mutation(({ ctx, input }) =>
      ctx.services.yjs.workbench.createDocument(input.projectId, callerOf(ctx), input),
    ),

  renameDocument: authedProcedure
    .input(z.object({ documentId: idSchema, title: nameSchema }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.yjs.workbench.renameDocument(input.documentId, callerOf(ctx), input.title);
      return { ok: true as const };
    }),

  deleteDocument: authedProcedure
    .input(z.object({ documentId: idSchema }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.yjs.workbench.deleteDocument(input.documentId, callerOf(ctx));
      return { ok: true as const };
    }),

  /** Attaches a copy of a finished match's flow to the match record (its owner; again refreshes it). */
  attachFlow: authedProcedure.input(z.object({ projectId: idSchema })).mutation(({ ctx, input }) =>
    ctx.services.yjs.workbench.attachFlow(input.projectId, callerOf(ctx), async (timerId) => {
      const timer = await ctx.services.timers.get(timerId).catch(() => null);
      // Standing on the timer itself (owner, member, control key), as its records ask: not a view key.
      return timer !== null && (await ctx.services.timers.canView(timer, ctx, null));
    }),
  ),

  detachFlow: authedProcedure.input(z.object({ projectId: idSchema })).mutation(async ({ ctx, input }) => {
    await ctx.services.yjs.workbench.detachFlow(input.projectId, callerOf(ctx));
    return { ok: true as const };
  }),

  versions: publicProcedure
    .input(documentInput)
    .query(({ ctx, input }) =>
      ctx.services.yjs.workbench.versions(input.documentId, callerOf(ctx, input.invite)),
    ),

  saveVersion: authedProcedure
    .input(z.object({ documentId: idSchema, name: nameSchema }))
    .mutation(({ ctx, input }) =>
      ctx.services.yjs.workbench.saveVersion(input.documentId, callerOf(ctx), input.name),
    ),

  compareVersions: publicProcedure
    .input(documentInput.extend({ fromVersionId: idSchema, toVersionId: idSchema.nullable().default(null) }))
    .query(({ ctx, input }) =>
      ctx.services.yjs.workbench.compare(
        input.documentId,
        callerOf(ctx, input.invite),
        input.fromVersionId,
        input.toVersionId,
      ),
    ),

  restoreVersion: authedProcedure
    .input(z.object({ documentId: idSchema, versionId: idSchema }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.yjs.workbench.restore(input.documentId, callerOf(ctx), input.versionId);
      return { ok: true as const };
    }),
});
