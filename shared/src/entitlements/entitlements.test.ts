import { describe, expect, it } from 'vitest';
import {
  baselinePlan,
  checkLimit,
  DEFAULT_PLAN_FLAGS,
  limitsOf,
  mergeLimits,
  planLevelName,
  type PlanFlags,
} from './entitlements';
import { pricingSchema, type PlanLimits, type Pricing } from './pricing.schema';

const limits = (overrides: Partial<PlanLimits>): PlanLimits => ({
  screensPerTimer: 0,
  timers: 0,
  lobbies: 0,
  customAssetsPerTimer: 0,
  tournaments: 0,
  workbenchProjects: 0,
  workbenchMembers: 0,
  workbenchDocuments: 0,
  aiRequestsPerDay: 0,
  apiAccess: false,
  ...overrides,
});
const plan = (id: 'trial' | 'education' | 'enterprise', name: string, planLimits: PlanLimits) => ({
  id,
  name,
  tagline: '',
  description: '',
  purchasable: id !== 'trial',
  prices: id === 'trial' ? [] : [{ months: 12, amountFen: 100 }],
  maxSeats: 10,
  features: [],
  highlight: false,
  limits: planLimits,
});
const pricing: Pricing = pricingSchema.parse({
  title: 't',
  description: 'd',
  plans: [
    plan('trial', '试用版', limits({ screensPerTimer: 2, timers: 3, apiAccess: true })),
    plan('education', '教育版', limits({ screensPerTimer: 20, timers: 30, apiAccess: true })),
    plan('enterprise', '企业版', limits({ screensPerTimer: null, timers: null, apiAccess: true })),
  ],
  expired: { note: 'n', limits: limits({ screensPerTimer: 1 }) },
  faq: [],
  logos: [],
});

describe('baseline plan from the debug flags', () => {
  it.each<[Partial<PlanFlags>, string]>([
    [{}, 'trial'],
    [{ forceTrial: false }, 'trialExpired'],
    [{ education: true }, 'education'],
    [{ education: true, enterprise: true }, 'enterprise'],
    [{ enterpriseExpired: true }, 'enterpriseExpired'],
    [{ trial: true, educationExpired: true }, 'trial'],
    [{ forceTrial: false, trialExpired: true }, 'trialExpired'],
  ])('%j → %s', (flags, level) => {
    expect(baselinePlan({ ...DEFAULT_PLAN_FLAGS, ...flags })).toBe(level);
  });
});

describe('limits', () => {
  it('an expired plan keeps the expired limits; merging takes the more generous of each', () => {
    expect(limitsOf(pricing, 'educationExpired').screensPerTimer).toBe(1);
    expect(mergeLimits(limitsOf(pricing, 'trial'), limitsOf(pricing, 'enterprise'))).toMatchObject({
      screensPerTimer: null,
      timers: null,
      apiAccess: true,
    });
    expect(mergeLimits(limitsOf(pricing, 'trialExpired'), limitsOf(pricing, 'trial'))).toMatchObject({
      screensPerTimer: 2,
      timers: 3,
    });
    expect(planLevelName(pricing, 'enterpriseExpired')).toBe('企业版（已过期）');
  });

  it('refuses the next one past a limit, naming the plan that allows it and /pricing', () => {
    expect(checkLimit(pricing, 'trial', limitsOf(pricing, 'trial'), 'timers', 2)).toBeNull();
    const refusal = checkLimit(pricing, 'trial', limitsOf(pricing, 'trial'), 'timers', 3);
    expect(refusal).toMatchObject({ limit: 'timers', allowed: 3, planNeeded: 'education' });
    expect(refusal?.message).toBe(
      '当前方案（试用版）的「计时器」上限为 3 个；需要教育版才能创建更多计时器。详见 /pricing',
    );
    expect(checkLimit(pricing, 'education', limitsOf(pricing, 'education'), 'timers', 30)?.planNeeded).toBe(
      'enterprise',
    );
    expect(checkLimit(pricing, 'enterprise', limitsOf(pricing, 'enterprise'), 'timers', 10 ** 9)).toBeNull();
    expect(
      checkLimit(pricing, 'trialExpired', limitsOf(pricing, 'trialExpired'), 'apiAccess')?.message,
    ).toMatch(/^当前方案（试用版（已过期））不支持使用 HTTP 集成接口，需要试用版/);
  });
});
