import { z } from 'zod';
import { organizerProcedure } from '../lobbies/lobby-access';
import { router } from '../trpc/init';
import { authedProcedure } from '../auth/auth-access';
import { timerProcedure } from '../timers/timer-access';
import { tokenScopeSchema } from './tokens/api-token.service';
import { webhookEventsSchema, webhookUrlSchema } from './webhooks/webhook.service';
import type { WebhookTarget } from './webhooks/webhook.repository';
import type { Integrations } from './integrations.module';

const webhookId = z.string().min(1).max(64);
const createInput = z.object({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
  description: z.string().max(200).optional(),
});
const updateInput = z.object({
  webhookId,
  url: webhookUrlSchema.optional(),
  events: webhookEventsSchema.optional(),
  enabled: z.boolean().optional(),
  description: z.string().max(200).optional(),
  rotateSecret: z.boolean().optional(),
});

/** What the webhook procedures use of the hub's services. */
interface WebhookHost {
  readonly integrations: Integrations;
}

/** What the webhook procedures do, whichever their target: a timer or a lobby. */
const webhookOps = {
  list: (services: WebhookHost, target: WebhookTarget) => services.integrations.webhooks.list(target),
  create: (services: WebhookHost, target: WebhookTarget, input: z.infer<typeof createInput>) =>
    services.integrations.webhooks.create(target, input),
  update: (services: WebhookHost, target: WebhookTarget, input: z.infer<typeof updateInput>) => {
    const { webhookId: id, ...patch } = input;
    return services.integrations.webhooks.update(target, id, patch);
  },
  remove: async (services: WebhookHost, target: WebhookTarget, input: { webhookId: string }) => {
    await services.integrations.webhooks.remove(target, input.webhookId);
    return { ok: true as const };
  },
  test: async (services: WebhookHost, target: WebhookTarget, input: { webhookId: string }) => {
    await services.integrations.webhooks.test(target, input.webhookId);
    return { ok: true as const };
  },
  deliveries: (services: WebhookHost, target: WebhookTarget, input: { webhookId: string }) =>
    services.integrations.webhooks.deliveries(target, input.webhookId),
  redeliver: async (
    services: WebhookHost,
    target: WebhookTarget,
    input: { webhookId: string; deliveryId: number },
  ) => {
    await services.integrations.webhooks.redeliver(target, input.webhookId, input.deliveryId);
    return { ok: true as const };
  },
};

const idInput = z.object({ webhookId });
const redeliverInput = z.object({ webhookId, deliveryId: z.int().min(1) });
const timerOwner = timerProcedure('owner');

/**
 * Webhooks of a timer: its owner's (who also holds its control key when no account owns it).
 * The webhook's secret is shown to them: they configure the receiver that verifies with it.
 */
const timerWebhooks = router({
  list: timerOwner.query(({ ctx }) => webhookOps.list(ctx.services, { timerId: ctx.timer.id })),
  create: timerOwner
    .input(createInput)
    .mutation(({ ctx, input }) => webhookOps.create(ctx.services, { timerId: ctx.timer.id }, input)),
  update: timerOwner
    .input(updateInput)
    .mutation(({ ctx, input }) => webhookOps.update(ctx.services, { timerId: ctx.timer.id }, input)),
  remove: timerOwner
    .input(idInput)
    .mutation(({ ctx, input }) => webhookOps.remove(ctx.services, { timerId: ctx.timer.id }, input)),
  /** Queues a `webhook.test` delivery (the console's 测试 button). */
  test: timerOwner
    .input(idInput)
    .mutation(({ ctx, input }) => webhookOps.test(ctx.services, { timerId: ctx.timer.id }, input)),
  /** The latest deliveries with their last answers, newest first. */
  deliveries: timerOwner
    .input(idInput)
    .query(({ ctx, input }) => webhookOps.deliveries(ctx.services, { timerId: ctx.timer.id }, input)),
  redeliver: timerOwner
    .input(redeliverInput)
    .mutation(({ ctx, input }) => webhookOps.redeliver(ctx.services, { timerId: ctx.timer.id }, input)),
});

/** Webhooks of a lobby (every timer it shows): its organizer's. */
const lobbyWebhooks = router({
  list: organizerProcedure.query(({ ctx }) => webhookOps.list(ctx.services, { lobbyId: ctx.lobby.id })),
  create: organizerProcedure
    .input(createInput)
    .mutation(({ ctx, input }) => webhookOps.create(ctx.services, { lobbyId: ctx.lobby.id }, input)),
  update: organizerProcedure
    .input(updateInput)
    .mutation(({ ctx, input }) => webhookOps.update(ctx.services, { lobbyId: ctx.lobby.id }, input)),
  remove: organizerProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => webhookOps.remove(ctx.services, { lobbyId: ctx.lobby.id }, input)),
  test: organizerProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => webhookOps.test(ctx.services, { lobbyId: ctx.lobby.id }, input)),
  deliveries: organizerProcedure
    .input(idInput)
    .query(({ ctx, input }) => webhookOps.deliveries(ctx.services, { lobbyId: ctx.lobby.id }, input)),
  redeliver: organizerProcedure
    .input(redeliverInput)
    .mutation(({ ctx, input }) => webhookOps.redeliver(ctx.services, { lobbyId: ctx.lobby.id }, input)),
});

/** Webhooks of timers and lobbies, and API tokens of accounts. */
export const integrationsRouter = router({
  timerWebhooks,
  lobbyWebhooks,
  tokens: router({
    /** The account's tokens (never the tokens themselves). */
    list: authedProcedure.query(({ ctx }) => ctx.services.integrations.tokens.list(ctx.user.id)),
    /** Creates a token, returned this once. */
    create: authedProcedure
      .input(z.object({ name: z.string().max(60), scope: tokenScopeSchema.default(null) }))
      .mutation(({ ctx, input }) => ctx.services.integrations.tokens.create(ctx.user.id, input)),
    revoke: authedProcedure
      .input(z.object({ tokenId: z.string().min(1).max(64) }))
      .mutation(async ({ ctx, input }) => {
        await ctx.services.integrations.tokens.revoke(ctx.user.id, input.tokenId);
        return { ok: true as const };
      }),
  }),
});
