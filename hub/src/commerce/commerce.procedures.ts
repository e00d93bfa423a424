import { invoiceRequestSchema, INVOICE_STATUSES, PLAN_IDS, type PlanId } from '@bianshi/shared';
import { z } from 'zod';
import { bankTransferConfigured } from '../lib/config';
import { HubError } from '../lib/errors';
import { withRetryAfter } from '../lib/wait';
import { router } from '../trpc/init';
import { adminProcedure, authedProcedure } from '../auth/auth-access';
import { publicProcedure } from '../trpc/init';
import type { Context } from '../trpc/context';
import type { Actor } from './cdkey.service';
import type { OrderRow } from './order.repository';
import { newOrderSchema } from './order.service';
import { PROVIDER_IDS } from './payments/provider';

const orderNumberInput = z.strictObject({ number: z.string().trim().min(4).max(40) });
const keyInput = z.strictObject({ key: z.string().max(80) });
const reason = z.string().trim().min(2, '请写明原因').max(200);

/** Parses with a schema and refuses with the first message and every field's message. */
function validated<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
  throw new HubError('BAD_REQUEST', parsed.error.issues[0]?.message ?? '输入有误', 'invalid-input', {
    fields,
  });
}

function actorOf(ctx: Context & { user: { id: string } }): Actor {
  return { userId: ctx.user.id, ip: ctx.ip };
}

/** An order as its buyer and admins see it. */
function orderView(order: OrderRow) {
  return {
    number: order.number,
    plan: order.plan as PlanId,
    months: order.months,
    seats: order.seats,
    amountFen: order.amountFen,
    provider: order.provider,
    status: order.status as 'pending' | 'paid' | 'cancelled',
    buyer: order.buyer as { name: string; organization: string; phone: string; email: string },
    paidAt: order.paidAt,
    createdAt: order.createdAt,
  };
}

const adminRouter = router({
  orders: adminProcedure
    .input(z.strictObject({ status: z.enum(['pending', 'paid', 'cancelled']).optional() }))
    .query(async ({ ctx, input }) => {
      const rows = await ctx.services.commerce.orders.listAll(input.status);
      return rows.map((row) => ({
        ...orderView(row),
        accountEmail: row.accountEmail,
        paymentRef: row.paymentRef,
      }));
    }),
  /** Confirms a bank transfer arrived. Idempotent: a second call changes nothing. */
  markPaid: adminProcedure
    .input(
      z.strictObject({
        number: z.string().trim().min(4).max(40),
        note: z.string().trim().max(100).default(''),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const result = await ctx.services.commerce.orders.markPaid(input.number.toUpperCase(), {
        ref: `manual:${ctx.user.email}${input.note ? `:${input.note}` : ''}`,
      });
      return { activated: result.activated, order: orderView(result.order) };
    }),
  /** Creates a batch and returns its plain keys: the only time they are shown. */
  generate: adminProcedure
    .input(
      z.strictObject({
        plan: z.enum(PLAN_IDS),
        quantity: z.number().int().min(1, '至少 1 个').max(1000, '每批最多 1000 个'),
        months: z.number().int().min(1).max(60),
        seats: z.number().int().min(1).max(1000),
        expiresInDays: z.number().int().min(1).max(3650),
        note: z.string().trim().max(200).default(''),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const actor = actorOf(ctx);
      const batchId = await ctx.services.commerce.cdkeys.createBatch(
        {
          plan: input.plan,
          quantity: input.quantity,
          months: input.months,
          seats: input.seats,
          note: input.note,
          expiresAt: new Date(ctx.services.clock.now() + input.expiresInDays * 86_400_000),
        },
        actor,
      );
      const { keys, batch } = await ctx.services.commerce.cdkeys.reveal(batchId, actor);
      return { batch, keys };
    }),
  batches: adminProcedure.query(({ ctx }) => ctx.services.commerce.cdkeys.batches()),
  search: adminProcedure
    .input(z.strictObject({ query: z.string().max(100) }))
    .query(({ ctx, input }) => ctx.services.commerce.cdkeys.search(input.query)),
  keyAction: adminProcedure
    .input(
      z.strictObject({
        id: z.string().min(1).max(64),
        action: z.enum(['suspend', 'resume', 'revoke']),
        reason,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await ctx.services.commerce.cdkeys.transition(input.id, input.action, input.reason, actorOf(ctx));
      return { ok: true };
    }),
  extendKey: adminProcedure
    .input(z.strictObject({ id: z.string().min(1).max(64), days: z.number().int().min(1).max(3650), reason }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.commerce.cdkeys.extend(input.id, input.days, input.reason, actorOf(ctx));
      return { ok: true };
    }),
  audit: adminProcedure
    .input(z.strictObject({ cdkeyId: z.string().min(1).max(64).optional() }))
    .query(async ({ ctx, input }) => {
      const rows = await ctx.services.commerce.cdkeys.audit(input.cdkeyId);
      return rows.map(({ event, last4, actor }) => ({
        ...event,
        last4: last4 ?? '',
        actor: actor ?? (event.actorId ? event.actorId : '系统'),
      }));
    }),
  invoices: adminProcedure
    .input(z.strictObject({ status: z.enum(INVOICE_STATUSES).optional() }))
    .query(({ ctx, input }) => ctx.services.commerce.invoices.listAll(input.status)),
  rejectInvoice: adminProcedure
    .input(z.strictObject({ id: z.string().min(1).max(64), reason }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.commerce.invoices.reject(input.id, input.reason, ctx.user.id);
      return { ok: true };
    }),
});

/** Plans, orders, cdkeys and invoices (/pricing, /buy…, /admin/cdkey). */
export const commerceRouter = router({
  /**
   * Payment methods this hub offers, in display order. Bank transfer says whether the account is
   * published on the order page (`accountPublished`) or the buyer asks support for it.
   */
  providers: publicProcedure.query(({ ctx }) =>
    PROVIDER_IDS.filter((id) => ctx.services.commerce.orders.providers.has(id)).map((id) => ({
      id,
      accountPublished: id === 'manual' ? bankTransferConfigured(ctx.services.config) : null,
    })),
  ),

  /** The caller's plan: which, since, until, from which order or key, and what it allows. */
  myPlan: publicProcedure.query(({ ctx }) => ctx.services.commerce.entitlements.planOf(ctx.user?.id ?? null)),

  createOrder: authedProcedure.input(z.unknown()).mutation(async ({ ctx, input }) => {
    const order = validated(newOrderSchema, input);
    const created = await ctx.services.commerce.orders.create(ctx.user.id, order);
    return { order: orderView(created.order), checkout: created.checkout };
  }),

  myOrders: authedProcedure.query(async ({ ctx }) =>
    (await ctx.services.commerce.orders.listOf(ctx.user.id)).map(orderView),
  ),

  /** An order by number: its state, how to pay it, and what it granted until when. */
  order: authedProcedure.input(orderNumberInput).query(async ({ ctx, input }) => {
    const { orders } = ctx.services.commerce;
    const order = await orders.mine(input.number, ctx.user);
    const grant = await orders.grantOf(order.number);
    const seatBatch =
      order.seats > 1
        ? (await ctx.services.commerce.cdkeys.batches(500)).find(
            (batch) => batch.orderNumber === order.number,
          )
        : undefined;
    return {
      order: orderView(order),
      checkout: await orders.checkout(order),
      grant: grant ? { plan: grant.plan as PlanId, since: grant.startsAt, until: grant.endsAt } : null,
      seatKeys: seatBatch
        ? { batchId: seatBatch.id, quantity: seatBatch.quantity, shown: seatBatch.keysShownAt !== null }
        : null,
    };
  }),

  /** The keys of a paid order's extra seats, shown once to its buyer. */
  revealSeatKeys: authedProcedure.input(orderNumberInput).mutation(async ({ ctx, input }) => {
    const order = await ctx.services.commerce.orders.mine(input.number, { id: ctx.user.id, isAdmin: false });
    const batch = (await ctx.services.commerce.cdkeys.batches(500)).find(
      (candidate) => candidate.orderNumber === order.number,
    );
    if (!batch) throw new HubError('NOT_FOUND', '这个订单没有其余席位的兑换码', 'no-seat-keys');
    return ctx.services.commerce.cdkeys.reveal(batch.id, actorOf(ctx));
  }),

  redeem: authedProcedure.input(keyInput).mutation(async ({ ctx, input }) => {
    const result = await withRetryAfter(ctx.setHeader, () =>
      ctx.services.commerce.cdkeys.redeem(input.key, ctx.user.id, ctx.ip),
    );
    return { ...result, plan: await ctx.services.commerce.entitlements.planOf(ctx.user.id) };
  }),

  /** A key's status by its text: limited and locked out like a redemption (a look-up is a guess too). */
  keyStatus: authedProcedure
    .input(keyInput)
    .query(({ ctx, input }) =>
      withRetryAfter(ctx.setHeader, () =>
        ctx.services.commerce.cdkeys.status(input.key, ctx.user.id, ctx.ip),
      ),
    ),

  requestInvoice: authedProcedure.input(z.unknown()).mutation(async ({ ctx, input }) => {
    const request = validated(invoiceRequestSchema, input);
    const row = await ctx.services.commerce.invoices.request(ctx.user.id, request);
    return { id: row.id, status: row.status };
  }),

  myInvoices: authedProcedure.query(({ ctx }) => ctx.services.commerce.invoices.listOf(ctx.user.id)),

  admin: adminRouter,
});
