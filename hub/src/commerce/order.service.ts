import { planById, type PlanId, type Pricing } from '@bianshi/shared';
import { z } from 'zod';
import type { Clock } from '../lib/clock';
import { HubError } from '../lib/errors';
import { newId, randomString } from '../lib/ids';
import type { Logger } from '../lib/logger';
import type { CdkeyService } from './cdkey.service';
import type { NewOrderRow, NewPaymentNotification, OrderRepository, OrderRow } from './order.repository';
import type { EntitlementService } from './entitlements.service';
import { CM } from './messages';
import {
  NotificationRejected,
  PROVIDER_IDS,
  type IncomingNotification,
  type PaymentProvider,
  type ProviderId,
} from './payments/provider';

/** Buyer details on an order. */
export const buyerSchema = z.strictObject({
  name: z.string().trim().min(1, '请填写联系人').max(40),
  organization: z.string().trim().max(100).default(''),
  phone: z
    .string()
    .trim()
    .regex(/^[\d\-+() ]{7,20}$/, '请填写有效的联系电话'),
  email: z.email('请填写有效的邮箱').max(200),
});

export const newOrderSchema = z.strictObject({
  plan: z.enum(['education', 'enterprise']),
  months: z.number().int().min(1).max(60),
  seats: z.number().int().min(1).max(10_000),
  provider: z.enum(PROVIDER_IDS),
  buyer: buyerSchema,
});
export type NewOrder = z.infer<typeof newOrderSchema>;

/** Days an order's extra-seat keys may be redeemed. */
const SEAT_KEYS_VALID_DAYS = 365;

/**
 * Orders: a unique number, a price from the pricing data, one provider, and one idempotent
 * payment step that grants the plan (and keys for the extra seats) exactly once.
 */
export class OrderService {
  constructor(
    private readonly repository: OrderRepository,
    private readonly pricing: Pricing,
    readonly providers: ReadonlyMap<ProviderId, PaymentProvider>,
    private readonly clock: Clock,
    private readonly entitlements: EntitlementService,
    private readonly cdkeys: CdkeyService,
    private readonly logger: Logger,
  ) {}

  /** Creates an order at the price the pricing data names, and starts its payment. */
  async create(userId: string, input: NewOrder) {
    const plan = planById(this.pricing, input.plan);
    if (!plan.purchasable) throw new HubError('BAD_REQUEST', CM.planNotForSale, 'plan-not-for-sale');
    const price = plan.prices.find((candidate) => candidate.months === input.months);
    if (!price)
      throw new HubError('BAD_REQUEST', CM.durationUnknown, 'duration-unknown', { field: 'months' });
    if (input.seats > plan.maxSeats)
      throw new HubError('BAD_REQUEST', CM.seatsTooMany(plan.maxSeats), 'seats-too-many', { field: 'seats' });
    const provider = this.providers.get(input.provider);
    if (!provider) throw new HubError('BAD_REQUEST', CM.providerOff, 'provider-off', { field: 'provider' });
    const order: NewOrderRow = {
      id: newId(),
      number: orderNumber(this.clock.now()),
      userId,
      plan: input.plan,
      months: input.months,
      seats: input.seats,
      amountFen: price.amountFen * input.seats,
      provider: input.provider,
      status: 'pending',
      buyer: input.buyer,
    };
    for (let attempt = 0; ; attempt++) {
      if (await this.repository.insertIfNumberFree(order)) break;
      if (attempt > 5) throw new Error('no free order number');
      order.number = orderNumber(this.clock.now());
    }
    const row = (await this.find(order.number))!;
    return { order: row, checkout: await this.checkout(row) };
  }

  /** How to pay a pending order (the transfer details, a redirect or a QR code). */
  async checkout(order: OrderRow) {
    if (order.status !== 'pending') return null;
    const provider = this.providers.get(order.provider as ProviderId);
    if (!provider) return null;
    const plan = planById(this.pricing, order.plan as PlanId);
    return provider.checkout({
      number: order.number,
      amountFen: order.amountFen,
      subject: `辩时 ${plan.name} ${order.months} 个月 × ${order.seats}`,
    });
  }

  async find(number: string): Promise<OrderRow | null> {
    return this.repository.findByNumber(number.trim().toUpperCase());
  }

  /** An order of this account (admins see every order); throws NOT_FOUND. */
  async mine(number: string, user: { id: string; isAdmin: boolean }): Promise<OrderRow> {
    const order = await this.find(number);
    if (!order || (order.userId !== user.id && !user.isAdmin))
      throw new HubError('NOT_FOUND', CM.orderNotFound, 'order-not-found');
    return order;
  }

  async listOf(userId: string): Promise<OrderRow[]> {
    return this.repository.listOf(userId, 100);
  }

  /** Admin: orders, pending first, with the buyer's account email. */
  async listAll(status?: 'pending' | 'paid' | 'cancelled') {
    const rows = await this.repository.listAll(status, 200);
    return rows.map(({ order, email }) => ({ ...order, accountEmail: email ?? '' }));
  }

  /**
   * The one payment step. Only a pending order moves to paid (a conditional update), and the
   * grant is written in the same transaction, so a second call, a duplicate notification or a
   * race between hubs changes nothing. Returns whether this call activated the order.
   */
  async markPaid(
    number: string,
    payment: { amountFen?: number; ref: string; notification?: NewPaymentNotification },
  ): Promise<{ activated: boolean; order: OrderRow }> {
    const now = new Date(this.clock.now());
    const result = await this.repository.transaction(async (tx) => {
      const current = await tx.lockByNumber(number);
      if (!current) throw new HubError('NOT_FOUND', CM.orderNotFound, 'order-not-found');
      // A notification is recorded with the payment it reports: a duplicate (same provider event) changes nothing.
      if (payment.notification) {
        if (!(await tx.recordNotification(payment.notification))) return { activated: false, order: current };
      }
      if (current.status === 'cancelled')
        throw new HubError('CONFLICT', CM.orderCancelled, 'order-cancelled');
      if (current.status === 'paid') return { activated: false, order: current };
      if (payment.amountFen !== undefined && payment.amountFen !== current.amountFen)
        throw new HubError('CONFLICT', CM.amountMismatch, 'amount-mismatch');
      const order = await tx.markPaid(number, now, payment.ref);
      if (!order) throw new Error('order changed under its row lock');
      await tx.grants.grant({
        userId: order.userId,
        plan: order.plan as PlanId,
        months: order.months,
        seats: order.seats,
        source: 'order',
        sourceRef: order.number,
        now,
      });
      return { activated: true, order };
    });
    if (result.activated) {
      this.entitlements.forget(result.order.userId);
      if (result.order.seats > 1) {
        await this.cdkeys.createBatch(
          {
            plan: result.order.plan as PlanId,
            quantity: result.order.seats - 1,
            months: result.order.months,
            seats: 1,
            expiresAt: new Date(this.clock.now() + SEAT_KEYS_VALID_DAYS * 86_400_000),
            note: `订单 ${result.order.number} 的其余席位`,
            orderNumber: result.order.number,
          },
          { userId: result.order.userId, ip: '' },
        );
      }
      this.logger.info('order paid', { number: result.order.number, ref: payment.ref });
    }
    return result;
  }

  /**
   * Handles a provider's notification: verified first, then recorded once per provider event;
   * a duplicate is acknowledged and changes nothing.
   */
  async notify(
    providerId: ProviderId,
    notification: IncomingNotification,
  ): Promise<{ status: number; contentType: string; body: string }> {
    const provider = this.providers.get(providerId);
    if (!provider || providerId === 'manual')
      return { status: 404, contentType: 'text/plain', body: 'unknown provider' };
    let payment;
    try {
      payment = await provider.verify(notification);
    } catch (error) {
      if (error instanceof NotificationRejected || error instanceof SyntaxError) {
        this.logger.warn('payment notification rejected', { provider: providerId, reason: error.message });
        return {
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'FAIL', message: '签名验证失败' }),
        };
      }
      throw error;
    }
    if (!payment) return provider.acknowledgement;
    const order = await this.find(payment.orderNumber);
    if (!order || order.provider !== providerId) {
      this.logger.warn('payment for an unknown order', { provider: providerId, order: payment.orderNumber });
      return provider.acknowledgement;
    }
    try {
      await this.markPaid(order.number, {
        amountFen: payment.amountFen,
        ref: `${providerId}:${payment.transactionId}`,
        notification: {
          provider: providerId,
          eventId: payment.eventId,
          orderNumber: order.number,
          payload: payment.payload,
        },
      });
    } catch (error) {
      if (!(error instanceof HubError)) throw error;
      // Amount mismatch or a cancelled order: acknowledged (the provider would only retry) and left to an admin.
      this.logger.warn('payment notification not applied', {
        provider: providerId,
        order: order.number,
        reason: error.reason,
      });
    }
    return provider.acknowledgement;
  }

  /** The grant an order made, if paid. */
  async grantOf(number: string) {
    return this.repository.grants.grantFrom('order', number);
  }
}

/** `BS` + yyyymmdd (UTC+8) + 6 unambiguous characters, e.g. BS20261123K7Q2XA. */
export function orderNumber(nowMs: number): string {
  const day = new Date(nowMs + 8 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');
  return `BS${day}${randomString(6)}`;
}
