import { caseOutlineSchema, type SideId } from '@bianshi/shared';
import { z } from 'zod';
import { HubError } from '../lib/errors';
import type { Context } from '../trpc/context';
import { publicProcedure, router, toTRPCError } from '../trpc/init';
import { adminProcedure, authedProcedure } from '../auth/auth-access';
import type { AiCaller } from './ai.service';

/** Inputs are capped well above AI_MAX_INPUT_CHARS so the service, not zod, words the refusal. */
const text = z.string().max(100_000);
const side = z.enum(['aff', 'neg'], { error: '持方只能是正方或反方' });

function callerOf(ctx: Context): AiCaller {
  return { userId: ctx.user?.id ?? null, ip: ctx.ip };
}

/**
 * Runs one of the service's streams as a subscription: expected failures reach the browser as
 * tRPC errors with their zh-CN message and reason (a subscription runs after the middleware
 * returned, so they are mapped here), and unsubscribing aborts the provider request.
 */
async function* relay<T>(events: AsyncGenerator<T>): AsyncGenerator<T> {
  try {
    yield* events;
  } catch (error) {
    throw error instanceof HubError ? toTRPCError(error) : error;
  }
}

const noSignal = () => new AbortController().signal;

/** The AI area: /ai/contact, /ai/ccf and the provider path of /create's rules text. */
export const aiRouter = router({
  /** Provider or deterministic mode, the input limit, and the caller's quota today. */
  status: publicProcedure.query(({ ctx }) => ctx.services.ai.status(callerOf(ctx))),

  /** The docs assistant: sections found, then the answer streamed (with a provider). */
  ask: publicProcedure
    .input(
      z.object({
        question: text,
        history: z
          .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(20_000) }))
          .max(40)
          .default([]),
      }),
    )
    .subscription(({ ctx, input, signal }) =>
      relay(ctx.services.ai.ask(input.question, input.history, callerOf(ctx), signal ?? noSignal())),
    ),

  /** Rules text → a checked format, through the provider. */
  rules: publicProcedure
    .input(z.object({ text }))
    .subscription(({ ctx, input, signal }) =>
      relay(ctx.services.ai.rules(input.text, callerOf(ctx), signal ?? noSignal())),
    ),

  /** A case outline for one side of a motion (typed, or a library topic). */
  outline: publicProcedure
    .input(z.object({ topic: text, side, topicId: z.string().min(1).max(64).optional() }))
    .subscription(({ ctx, input, signal }) =>
      relay(ctx.services.ai.outline(input, callerOf(ctx), signal ?? noSignal())),
    ),

  /** Writes an outline into a new document of a workbench project the caller edits. */
  sendOutline: authedProcedure
    .input(
      z.object({
        projectId: z.string().min(1).max(64),
        title: z
          .string()
          .trim()
          .min(1, { error: '请填写文档名称。' })
          .max(80, { error: '名称最多 80 个字。' }),
        topic: z.string().trim().min(1).max(300),
        side,
        outline: caseOutlineSchema,
      }),
    )
    .mutation(({ ctx, input }) =>
      ctx.services.ai.sendOutline({ ...input, side: input.side as SideId }, ctx.user.id),
    ),

  /** A thumbs up or down on an answer, kept with the question for the admins. */
  feedback: publicProcedure
    .input(
      z.object({
        rating: z.enum(['up', 'down']),
        question: z.string().trim().min(1).max(4_000),
        answer: z.string().max(8_000).default(''),
        mode: z.enum(['provider', 'deterministic']),
        sources: z.array(z.string().max(300)).max(10).default([]),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await ctx.services.ai.feedback(input, callerOf(ctx));
      return { ok: true as const };
    }),

  /** The latest feedback (admins). */
  feedbackList: adminProcedure
    .input(
      z.object({
        rating: z.enum(['up', 'down']).optional(),
        limit: z.number().int().min(1).max(500).default(100),
      }),
    )
    .query(({ ctx, input }) => ctx.services.ai.feedbackList(input)),
});
