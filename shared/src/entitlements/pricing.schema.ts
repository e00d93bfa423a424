import { z } from 'zod';

/** The three plans (SPEC.md §1), cheapest first. Each also has an expired variant. */
export const PLAN_IDS = ['trial', 'education', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** A plan as an account or installation holds it: a plan, or a plan that has run out. */
export const PLAN_LEVELS = [
  'trial',
  'education',
  'enterprise',
  'trialExpired',
  'educationExpired',
  'enterpriseExpired',
] as const;
export type PlanLevel = (typeof PLAN_LEVELS)[number];

/** Counted limits (null = unlimited). */
export const COUNT_LIMIT_KEYS = [
  'screensPerTimer',
  'timers',
  'lobbies',
  'customAssetsPerTimer',
  'tournaments',
  'workbenchProjects',
  'workbenchMembers',
  'workbenchDocuments',
  'aiRequestsPerDay',
] as const;
export type CountLimitKey = (typeof COUNT_LIMIT_KEYS)[number];
export type LimitKey = CountLimitKey | 'apiAccess';

const countLimit = z.number().int().min(0).nullable();

/** What a plan allows. */
export const planLimitsSchema = z.strictObject({
  /** Display screens (大屏, role `display`) connected at once to one timer, across every hub. */
  screensPerTimer: countLimit,
  /** Timers an account owns. */
  timers: countLimit,
  /** Lobbies an account owns. */
  lobbies: countLimit,
  /** Custom logos, skins and bell sounds uploaded per timer. */
  customAssetsPerTimer: countLimit,
  tournaments: countLimit,
  workbenchProjects: countLimit,
  /** Members per workbench project. */
  workbenchMembers: countLimit,
  /** Documents (texts, 资料卡, 攻防问答, flow sheets) in every project an account owns. */
  workbenchDocuments: countLimit,
  aiRequestsPerDay: countLimit,
  /** The `/api/v1` integrations API (creating timers with it). */
  apiAccess: z.boolean(),
});
export type PlanLimits = z.infer<typeof planLimitsSchema>;

const yuanPrice = z.strictObject({
  /** Months of validity. */
  months: z.number().int().min(1).max(60),
  /** Price per seat in fen (分), integer. */
  amountFen: z.number().int().min(0),
  /** Optional label such as 推荐. */
  badge: z.string().max(20).optional(),
});

/** One plan as the pricing content file describes it. */
export const planSchema = z.strictObject({
  id: z.enum(PLAN_IDS),
  name: z.string().min(1).max(20),
  tagline: z.string().max(80),
  /** Who it is for, one paragraph. */
  description: z.string().max(400),
  /** Whether it can be bought online (the trial cannot: every install starts as one). */
  purchasable: z.boolean(),
  /** Prices by validity; empty for plans that cannot be bought. */
  prices: z.array(yuanPrice).max(6),
  /** The most seats (accounts) one order may cover. */
  maxSeats: z.number().int().min(1).max(10_000),
  /** Extra bullet points beside the limits. */
  features: z.array(z.string().min(1).max(80)).max(12),
  highlight: z.boolean().default(false),
  limits: planLimitsSchema,
});
export type Plan = z.infer<typeof planSchema>;

/**
 * The `pricing` content collection (content/pricing.md front matter): plans, what an expired plan
 * keeps, questions and answers, and the payment/invoice badges. The hub and the client both
 * validate it with this schema, so a price or limit is written once.
 */
/** Ways an install may take payment: 对公转账, 支付宝, 微信支付 (each on only when the hub is configured for it). */
export const PAYMENT_METHOD_IDS = ['manual', 'alipay', 'wechat'] as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

/** A FAQ entry or a payment badge may belong to one payment method: /pricing shows it only where the hub offers it. */
const methodField = z.enum(PAYMENT_METHOD_IDS).optional();

export const pricingFields = {
  plans: z.array(planSchema).length(PLAN_IDS.length),
  /** What an expired plan keeps: read access to everything made, and these limits. */
  expired: z.strictObject({ note: z.string().min(1).max(200), limits: planLimitsSchema }),
  faq: z
    .array(z.strictObject({ question: z.string().min(1), answer: z.string().min(1), method: methodField }))
    .max(30),
  logos: z
    .array(
      z.strictObject({
        name: z.string().min(1).max(30),
        note: z.string().max(60).default(''),
        method: methodField,
      }),
    )
    .max(12),
};

export const pricingSchema = z
  .strictObject({
    title: z.string().min(1),
    description: z.string().min(1),
    ...pricingFields,
  })
  .superRefine((pricing, ctx) => {
    PLAN_IDS.forEach((id, index) => {
      if (pricing.plans[index]?.id !== id)
        ctx.addIssue({
          code: 'custom',
          path: ['plans', index, 'id'],
          message: `plans must be ${PLAN_IDS.join(', ')} in this order`,
        });
    });
    pricing.plans.forEach((plan, index) => {
      if (plan.purchasable && plan.prices.length === 0)
        ctx.addIssue({
          code: 'custom',
          path: ['plans', index, 'prices'],
          message: 'a purchasable plan needs a price',
        });
    });
  });
export type Pricing = z.infer<typeof pricingSchema>;
