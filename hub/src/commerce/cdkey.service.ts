import { randomBytes } from 'node:crypto';
import {
  cdkeyFromBytes,
  cdkeyLast4,
  CDKEY_PROBLEM_MESSAGES,
  CDKEY_RANDOM_BYTES,
  parseCdkey,
  type PlanId,
} from '@bianshi/shared';
import type { Clock } from '../lib/clock';
import { HubError } from '../lib/errors';
import { newId } from '../lib/ids';
import type { CdkeyAttempts } from './cdkey-attempts';
import type { BatchRow, CdkeyRepository, NewCdkey } from './cdkey.repository';
import type { CdkeyHasher } from './cdkey-secret';
import type { EntitlementService } from './entitlements.service';
import { CDKEY_STATE_NAMES, CM } from './messages';

export const CDKEY_STATES = ['issued', 'redeemed', 'suspended', 'revoked', 'expired'] as const;
export type CdkeyState = (typeof CDKEY_STATES)[number];

/** Who does something to a key, for the audit log. */
export interface Actor {
  userId: string | null;
  ip: string;
}

/** What an admin may do to a key, from which states. */
const TRANSITIONS: Record<'suspend' | 'resume' | 'revoke', { from: CdkeyState[]; to: CdkeyState }> = {
  suspend: { from: ['issued'], to: 'suspended' },
  resume: { from: ['suspended'], to: 'issued' },
  revoke: { from: ['issued', 'suspended', 'redeemed'], to: 'revoked' },
};
export type CdkeyAction = keyof typeof TRANSITIONS;

export interface NewBatch {
  plan: PlanId;
  quantity: number;
  months: number;
  seats: number;
  expiresAt: Date;
  note: string;
  orderNumber?: string | null;
}

/**
 * cdkeys: batches, generation (plain keys shown once), redemption as one atomic transition,
 * admin transitions, and the append-only audit log.
 */
export class CdkeyService {
  constructor(
    private readonly repository: CdkeyRepository,
    private readonly hash: CdkeyHasher,
    private readonly clock: Clock,
    private readonly entitlements: EntitlementService,
    /** Counts failed look-ups before they happen; locks out per account, per address only at NAT scale. */
    private readonly attempts: CdkeyAttempts,
  ) {}

  /** Creates a batch; its keys are generated when it is revealed. */
  async createBatch(input: NewBatch, actor: Actor): Promise<string> {
    const id = newId();
    await this.repository.insertBatch({
      id,
      ...input,
      orderNumber: input.orderNumber ?? null,
      createdBy: actor.userId ?? 'system',
    });
    return id;
  }

  /**
   * Generates a batch's keys and returns them in plain text: this once only. Any later call is
   * refused, so the keys exist nowhere but in this answer (the CSV the admin downloads).
   */
  async reveal(batchId: string, actor: Actor): Promise<{ keys: string[]; batch: BatchRow }> {
    return this.repository.transaction(async (tx) => {
      const batch = await tx.markKeysShown(batchId, new Date(this.clock.now()));
      if (!batch) {
        throw (await tx.batchExists(batchId))
          ? new HubError('CONFLICT', CM.keysAlreadyShown, 'keys-already-shown')
          : new HubError('NOT_FOUND', CM.batchNotFound, 'batch-not-found');
      }
      const keys: string[] = [];
      const rows: NewCdkey[] = [];
      while (keys.length < batch.quantity) {
        const key = cdkeyFromBytes(randomBytes(CDKEY_RANDOM_BYTES));
        const parsed = parseCdkey(key);
        if (!parsed.ok) throw new Error('generated an invalid cdkey');
        keys.push(key);
        rows.push({
          id: newId(),
          batchId,
          keyHash: this.hash(parsed.compact),
          last4: cdkeyLast4(parsed.compact),
          state: 'issued',
          expiresAt: batch.expiresAt,
        });
      }
      await tx.insertKeys(rows);
      await tx.log(
        rows.map((row) => ({
          cdkeyId: row.id!,
          fromState: null,
          toState: 'issued',
          actorId: actor.userId,
          ip: actor.ip,
          reason: `批次生成 ${batchId}`,
        })),
      );
      return { keys, batch };
    });
  }

  /**
   * Redeems a key for an account: refused before any lookup when it is malformed; counted as a
   * failure before the lookup (given back when the key is found), so the account's lockout holds
   * against simultaneous guesses on every hub; one atomic `issued → redeemed` transition, so a key
   * is never redeemed twice, even from two hubs.
   */
  async redeem(
    input: string,
    userId: string,
    ip: string,
  ): Promise<{ plan: PlanId; until: Date; last4: string }> {
    const parsed = parseCdkey(input);
    if (!parsed.ok)
      throw new HubError('BAD_REQUEST', CDKEY_PROBLEM_MESSAGES[parsed.problem], `cdkey-${parsed.problem}`, {
        field: 'key',
      });
    const attempt = await this.attempts.admit(userId, ip);
    await this.expireDue();
    const keyHash = this.hash(parsed.compact);
    const now = new Date(this.clock.now());
    const outcome = await this.repository.transaction(async (tx) => {
      const key = await tx.markRedeemed(keyHash, userId, now);
      if (!key) return null;
      const batch = await tx.findBatch(key.batchId);
      if (!batch) throw new Error('cdkey without a batch');
      await tx.log({
        cdkeyId: key.id,
        fromState: 'issued',
        toState: 'redeemed',
        actorId: userId,
        ip,
        reason: '用户兑换',
      });
      const until = await tx.grants.grant({
        userId,
        plan: batch.plan as PlanId,
        months: batch.months,
        seats: batch.seats,
        source: 'cdkey',
        sourceRef: `${key.id}`,
        now,
      });
      return { plan: batch.plan as PlanId, until, last4: key.last4 };
    });
    if (outcome) {
      this.entitlements.forget(userId);
      await attempt.found();
      return outcome;
    }
    // Someone else's key (redeemed, suspended…) is still a failed guess: the failure stays counted.
    const state = (await this.repository.stateByHash(keyHash)) as CdkeyState | undefined;
    if (state === 'redeemed') throw new HubError('CONFLICT', CM.cdkeyRedeemed, 'cdkey-redeemed');
    if (state === 'suspended') throw new HubError('FORBIDDEN', CM.cdkeySuspended, 'cdkey-suspended');
    if (state === 'revoked') throw new HubError('FORBIDDEN', CM.cdkeyRevoked, 'cdkey-revoked');
    if (state === 'expired' || state === 'issued')
      throw new HubError('FORBIDDEN', CM.cdkeyExpired, 'cdkey-expired');
    throw new HubError('NOT_FOUND', CM.cdkeyNotFound, 'cdkey-not-found');
  }

  /**
   * The status of a key by its text (for /buy/verify): state, plan, until when. A look-up by
   * text like a redemption, so guarded the same way: limited, counted before the look-up, and
   * refused while the account is locked out.
   */
  async status(input: string, userId: string, ip: string) {
    const parsed = parseCdkey(input);
    if (!parsed.ok)
      throw new HubError('BAD_REQUEST', CDKEY_PROBLEM_MESSAGES[parsed.problem], `cdkey-${parsed.problem}`, {
        field: 'key',
      });
    const attempt = await this.attempts.admit(userId, ip);
    await this.expireDue();
    const row = await this.repository.findKeyByHash(this.hash(parsed.compact));
    if (!row) throw new HubError('NOT_FOUND', CM.cdkeyNotFound, 'cdkey-not-found');
    await attempt.found();
    const grant = await this.repository.grants.grantFrom('cdkey', row.key.id);
    return {
      last4: row.key.last4,
      state: row.key.state as CdkeyState,
      plan: row.batch.plan as PlanId,
      months: row.batch.months,
      seats: row.batch.seats,
      redeemableUntil: row.key.expiresAt,
      grantUntil: grant?.endsAt ?? null,
    };
  }

  /** Admin: suspend, resume or revoke a key, with a reason in the audit log. */
  async transition(cdkeyId: string, action: CdkeyAction, reason: string, actor: Actor): Promise<void> {
    const rule = TRANSITIONS[action];
    await this.repository.transaction(async (tx) => {
      const key = await tx.lockKey(cdkeyId);
      if (!key) throw new HubError('NOT_FOUND', CM.cdkeyNotFound, 'cdkey-not-found');
      const from = key.state as CdkeyState;
      if (!rule.from.includes(from))
        throw new HubError(
          'CONFLICT',
          CM.cdkeyTransition(CDKEY_STATE_NAMES[from], CDKEY_STATE_NAMES[rule.to]),
          'cdkey-transition',
        );
      await tx.updateKey(cdkeyId, { state: rule.to });
      await tx.log({
        cdkeyId,
        fromState: from,
        toState: rule.to,
        actorId: actor.userId,
        ip: actor.ip,
        reason,
      });
      // Revoking a redeemed key ends the plan it granted.
      if (action === 'revoke' && from === 'redeemed') {
        await tx.grants.endGrantsFrom('cdkey', cdkeyId, new Date(this.clock.now()));
        if (key.redeemedBy) this.entitlements.forget(key.redeemedBy);
      }
    });
  }

  /** Admin: extends a key by `days` (its redeem-by date; and the plan it granted, once redeemed). */
  async extend(cdkeyId: string, days: number, reason: string, actor: Actor): Promise<void> {
    const byMs = days * 86_400_000;
    await this.repository.transaction(async (tx) => {
      const key = await tx.lockKey(cdkeyId);
      if (!key) throw new HubError('NOT_FOUND', CM.cdkeyNotFound, 'cdkey-not-found');
      const from = key.state as CdkeyState;
      if (from === 'revoked')
        throw new HubError(
          'CONFLICT',
          CM.cdkeyTransition(CDKEY_STATE_NAMES[from], '延期'),
          'cdkey-transition',
        );
      const expiresAt = new Date(Math.max(key.expiresAt.getTime(), this.clock.now()) + byMs);
      const to: CdkeyState = from === 'expired' ? 'issued' : from;
      await tx.updateKey(cdkeyId, { expiresAt, state: to });
      if (from === 'redeemed') {
        await tx.grants.extendGrantsFrom('cdkey', cdkeyId, days);
        if (key.redeemedBy) this.entitlements.forget(key.redeemedBy);
      }
      await tx.log({
        cdkeyId,
        fromState: from,
        toState: to,
        actorId: actor.userId,
        ip: actor.ip,
        reason: `延期 ${days} 天：${reason}`,
      });
    });
  }

  /** Marks issued keys whose redeem-by date passed as expired (with audit entries). */
  async expireDue(): Promise<void> {
    const now = new Date(this.clock.now());
    await this.repository.transaction(async (tx) => {
      const expired = await tx.markExpired(now);
      if (expired.length)
        await tx.log(
          expired.map((id) => ({
            cdkeyId: id,
            fromState: 'issued',
            toState: 'expired',
            actorId: null,
            ip: '',
            reason: '超过兑换期限',
          })),
        );
    });
  }

  /** Admin search: by last 4, by order number (its batch), or by the redeeming account's email. */
  async search(query: string, limit = 100) {
    await this.expireDue();
    const text = query.trim();
    const last4 = text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
    const rows = await this.repository.search(
      { text, last4, email: text.includes('@') ? text.toLowerCase() : null },
      limit,
    );
    return rows.map(({ key, batch, email }) => ({
      id: key.id,
      last4: key.last4,
      state: key.state as CdkeyState,
      plan: batch.plan as PlanId,
      months: batch.months,
      batchId: batch.id,
      batchNote: batch.note,
      orderNumber: batch.orderNumber,
      expiresAt: key.expiresAt,
      redeemedBy: email ?? null,
      redeemedAt: key.redeemedAt,
    }));
  }

  /** Admin: batches, newest first. */
  async batches(limit = 50) {
    return this.repository.batches(limit);
  }

  /** The audit log, newest first (of one key, or of all). */
  async audit(cdkeyId?: string, limit = 200) {
    return this.repository.audit(cdkeyId, limit);
  }
}
