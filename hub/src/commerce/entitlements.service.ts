import {
  baselinePlan,
  checkLimit,
  limitsOf,
  mergeLimits,
  planLevelName,
  PLAN_IDS,
  type LimitKey,
  type LimitRefusal,
  type PlanFlags,
  type PlanId,
  type PlanLevel,
  type PlanLimits,
  type Pricing,
} from '@bianshi/shared';
import type { Clock } from '../lib/clock';
import { HubError } from '../lib/errors';
import type { GrantRepository } from './grant.repository';

/** An account's own plan: which, since, until, and where it came from. */
export interface AccountPlan {
  /** The level that applies (the account's own, or the installation's baseline). */
  level: PlanLevel;
  name: string;
  /** Where the level comes from: a grant of the account, or the installation (flags). */
  origin: 'grant' | 'installation';
  since: Date | null;
  until: Date | null;
  source: { kind: 'order' | 'cdkey'; ref: string } | null;
  /** The installation's baseline level (from its flags). */
  baseline: PlanLevel;
  /** What the account may do: its own plan's limits over the baseline's. */
  limits: PlanLimits;
}

/** How long a timer's plan is kept before asking the database again (display screens connect often). */
const TIMER_PLAN_TTL_MS = 10_000;

/** A refused action as a hub error: 403, reason `plan-limit`, the refusal as details. */
export function limitError(refusal: LimitRefusal): HubError {
  return new HubError('FORBIDDEN', refusal.message, 'plan-limit', { ...refusal });
}

/**
 * Plans and what they allow. The hub decides every limit here, where the action happens;
 * clients show the same refusal message.
 */
export class EntitlementService {
  readonly baseline: PlanLevel;
  private readonly timerPlans = new Map<string, { plan: AccountPlan; at: number }>();

  constructor(
    private readonly grants: GrantRepository,
    readonly pricing: Pricing,
    flags: PlanFlags,
    private readonly clock: Clock,
  ) {
    this.baseline = baselinePlan(flags);
  }

  /** An account's plan (or the installation's, for anonymous callers). */
  async planOf(userId: string | null): Promise<AccountPlan> {
    const baselineLimits = limitsOf(this.pricing, this.baseline);
    const installation: AccountPlan = {
      level: this.baseline,
      name: planLevelName(this.pricing, this.baseline),
      origin: 'installation',
      since: null,
      until: null,
      source: null,
      baseline: this.baseline,
      limits: baselineLimits,
    };
    if (!userId) return installation;
    const grants = await this.grants.grantsOf(userId);
    if (grants.length === 0) return installation;
    const now = this.clock.now();
    const rank = (plan: string) => PLAN_IDS.indexOf(plan as PlanId);
    const active = grants.filter((grant) => grant.startsAt.getTime() <= now && grant.endsAt.getTime() > now);
    const best = active.sort(
      (a, b) => rank(b.plan) - rank(a.plan) || b.endsAt.getTime() - a.endsAt.getTime(),
    )[0];
    if (best) {
      // Grants of the same plan that follow each other count as one stretch.
      const samePlan = grants
        .filter((grant) => grant.plan === best.plan)
        .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
      let until = best.endsAt;
      for (const grant of samePlan)
        if (grant.startsAt.getTime() <= until.getTime() && grant.endsAt > until) until = grant.endsAt;
      const level = best.plan as PlanLevel;
      return {
        level,
        name: planLevelName(this.pricing, level),
        origin: 'grant',
        since: best.startsAt,
        until,
        source: { kind: best.source as 'order' | 'cdkey', ref: best.sourceRef },
        baseline: this.baseline,
        limits: mergeLimits(limitsOf(this.pricing, level), baselineLimits),
      };
    }
    const last = grants
      .filter((grant) => grant.endsAt.getTime() <= now)
      .sort((a, b) => b.endsAt.getTime() - a.endsAt.getTime())[0];
    if (!last) return installation;
    const level = `${last.plan}Expired` as PlanLevel;
    return {
      level,
      name: planLevelName(this.pricing, level),
      origin: 'grant',
      since: last.startsAt,
      until: last.endsAt,
      source: { kind: last.source as 'order' | 'cdkey', ref: last.sourceRef },
      baseline: this.baseline,
      limits: mergeLimits(limitsOf(this.pricing, level), baselineLimits),
    };
  }

  /** Throws a `plan-limit` refusal unless one more of `key` fits (`used` already exist). */
  async require(userId: string | null, key: LimitKey, used = 0): Promise<void> {
    (await this.limitCheck(userId, key))(used);
  }

  /**
   * The plan's check for `key`, read now and applied later: `(used) => void` throws the
   * `plan-limit` refusal unless one more fits. `require` applies it at once; a count taken inside
   * a transaction applies it there, since that transaction must not wait on another query
   * (PGlite runs one statement at a time).
   */
  async limitCheck(userId: string | null, key: LimitKey): Promise<(used: number) => void> {
    const plan = await this.planOf(userId);
    return (used) => {
      const refusal = checkLimit(this.pricing, plan.level, plan.limits, key, used);
      if (refusal) throw limitError(refusal);
    };
  }

  /**
   * Before a timer is created. Anonymous: the installation's plan, checked now. An account: its
   * plan's check of the timers it owns, returned to be applied where the timer is written
   * (`timers.create(input, admit)`), so that counting and inserting are one transaction and two
   * requests racing for the last place cannot both get it.
   */
  async timerSlot(userId: string | null): Promise<((owned: number) => void) | undefined> {
    if (userId) return this.limitCheck(userId, 'timers');
    await this.require(null, 'timers', 0);
    return undefined;
  }

  /** Before a lobby is created: as {@link timerSlot}, for the lobbies an account has live. */
  async lobbySlot(userId: string | null): Promise<((live: number) => void) | undefined> {
    if (userId) return this.limitCheck(userId, 'lobbies');
    await this.require(null, 'lobbies', 0);
    return undefined;
  }

  /** Before the `/api/v1` API creates a timer. */
  async requireApiAccess(userId: string | null): Promise<void> {
    return this.require(userId, 'apiAccess');
  }

  /** The plan that applies to a timer: its owner's, or the installation's. Cached briefly per timer. */
  async timerPlan(timerId: string): Promise<AccountPlan> {
    const cached = this.timerPlans.get(timerId);
    const now = this.clock.now();
    if (cached && now - cached.at < TIMER_PLAN_TTL_MS) return cached.plan;
    const plan = await this.planOf(await this.grants.timerOwner(timerId));
    this.timerPlans.set(timerId, { plan, at: now });
    if (this.timerPlans.size > 10_000) this.timerPlans.delete(this.timerPlans.keys().next().value!);
    return plan;
  }

  /** Forgets cached timer plans after an account's grants changed (other hubs catch up within the TTL). */
  forget(_userId: string): void {
    this.timerPlans.clear();
  }

  /**
   * Whether one more display screen may join a timer that already has `connected` screens.
   * `connected` is only asked for when the plan has a finite limit.
   */
  async requireScreenSlot(timerId: string, connected: () => Promise<number>): Promise<void> {
    const plan = await this.timerPlan(timerId);
    if (plan.limits.screensPerTimer === null) return;
    const refusal = checkLimit(this.pricing, plan.level, plan.limits, 'screensPerTimer', await connected());
    if (refusal) throw limitError(refusal);
  }

  /** Before a custom logo, background or bell is uploaded to a timer that keeps `stored` files. */
  async requireAssetSlot(timerId: string, stored: () => Promise<number>): Promise<void> {
    const plan = await this.timerPlan(timerId);
    if (plan.limits.customAssetsPerTimer === null) return;
    const refusal = checkLimit(this.pricing, plan.level, plan.limits, 'customAssetsPerTimer', await stored());
    if (refusal) throw limitError(refusal);
  }
}
