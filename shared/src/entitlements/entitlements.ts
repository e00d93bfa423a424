import {
  COUNT_LIMIT_KEYS,
  PLAN_IDS,
  type CountLimitKey,
  type LimitKey,
  type Plan,
  type PlanId,
  type PlanLevel,
  type PlanLimits,
  type Pricing,
} from './pricing.schema';

/**
 * Debug flags (SPEC.md §1) set by configuration: every account and anonymous visitor starts
 * from the plan they name. All false except `forceTrial`, so a self-hosted install runs as a
 * trial without any purchase.
 */
export interface PlanFlags {
  trial: boolean;
  education: boolean;
  enterprise: boolean;
  trialExpired: boolean;
  educationExpired: boolean;
  enterpriseExpired: boolean;
  forceTrial: boolean;
}

export const DEFAULT_PLAN_FLAGS: PlanFlags = {
  trial: false,
  education: false,
  enterprise: false,
  trialExpired: false,
  educationExpired: false,
  enterpriseExpired: false,
  forceTrial: true,
};

/**
 * The installation's baseline plan from its flags: an active flag wins (the higher plan
 * first), then an expired one (to try out an expired state), then `forceTrial`; with no flag
 * at all, an expired trial.
 */
export function baselinePlan(flags: PlanFlags): PlanLevel {
  const order: (keyof PlanFlags & PlanLevel)[] = [
    'enterprise',
    'education',
    'trial',
    'enterpriseExpired',
    'educationExpired',
    'trialExpired',
  ];
  const named = order.find((flag) => flags[flag]);
  if (named) return named;
  return flags.forceTrial ? 'trial' : 'trialExpired';
}

/** The plan of a level: `educationExpired` → education. */
export function planIdOf(level: PlanLevel): PlanId {
  return level.replace(/Expired$/, '') as PlanId;
}

export function isExpired(level: PlanLevel): boolean {
  return level.endsWith('Expired');
}

export function planById(pricing: Pricing, id: PlanId): Plan {
  const plan = pricing.plans.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`pricing has no plan ${id}`);
  return plan;
}

/** zh-CN name of a level, e.g. 教育版 or 教育版（已过期）. */
export function planLevelName(pricing: Pricing, level: PlanLevel): string {
  const name = planById(pricing, planIdOf(level)).name;
  return isExpired(level) ? `${name}（已过期）` : name;
}

/** The limits of a level: the plan's, or what an expired plan keeps. */
export function limitsOf(pricing: Pricing, level: PlanLevel): PlanLimits {
  return isExpired(level) ? pricing.expired.limits : planById(pricing, planIdOf(level)).limits;
}

/** Higher of two count limits (null = unlimited). */
function higher(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : Math.max(a, b);
}

/** Each limit at the more generous of two sets (an account's own plan over the baseline). */
export function mergeLimits(a: PlanLimits, b: PlanLimits): PlanLimits {
  const merged = { apiAccess: a.apiAccess || b.apiAccess } as PlanLimits;
  for (const key of COUNT_LIMIT_KEYS) merged[key] = higher(a[key], b[key]);
  return merged;
}

/** How each limit reads in Chinese: what it counts, its unit. */
export const LIMIT_LABELS: Record<LimitKey, { name: string; unit: string; action: string }> = {
  screensPerTimer: { name: '每个计时器同时连接的大屏', unit: '块', action: '连接更多大屏' },
  timers: { name: '计时器', unit: '个', action: '创建更多计时器' },
  lobbies: { name: '赛事大厅', unit: '个', action: '创建更多赛事大厅' },
  customAssetsPerTimer: {
    name: '每个计时器的自定义皮肤/徽标/铃声',
    unit: '个',
    action: '上传更多自定义素材',
  },
  tournaments: { name: '赛事', unit: '个', action: '创建更多赛事' },
  workbenchProjects: { name: '备赛工作台项目', unit: '个', action: '创建更多工作台项目' },
  workbenchMembers: { name: '每个工作台项目的成员', unit: '人', action: '邀请更多成员' },
  workbenchDocuments: { name: '工作台与流程单文档', unit: '个', action: '创建更多文档' },
  aiRequestsPerDay: { name: '每日 AI 请求', unit: '次', action: '发起更多 AI 请求' },
  apiAccess: { name: 'HTTP 集成接口（/api/v1）', unit: '', action: '使用 HTTP 集成接口' },
};

/** How a limit reads on /pricing: `10 块`, `不限`, `✓`. */
export function formatLimit(key: LimitKey, limits: PlanLimits): string {
  if (key === 'apiAccess') return limits.apiAccess ? '支持' : '不支持';
  const value = limits[key];
  if (value === null) return '不限';
  return value === 0 ? '不可用' : `${value} ${LIMIT_LABELS[key].unit}`;
}

/** The cheapest plan that allows `wanted` of a limit (count limits: wanted-th item), or null. */
export function planAllowing(pricing: Pricing, key: LimitKey, wanted: number): Plan | null {
  for (const id of PLAN_IDS) {
    const limits = planById(pricing, id).limits;
    if (key === 'apiAccess' ? limits.apiAccess : limits[key] === null || (limits[key] as number) >= wanted)
      return planById(pricing, id);
  }
  return null;
}

/** A refused action: which limit, what the plan allows, which plan would allow it. */
export interface LimitRefusal {
  limit: LimitKey;
  allowed: number | boolean;
  level: PlanLevel;
  planNeeded: PlanId | null;
  message: string;
}

/** The path of the pricing page every refusal links to. */
export const PRICING_PATH = '/pricing';

/**
 * Checks one more of a count limit (`used` already exist) or a switch, and explains a refusal
 * in Chinese, naming the current plan and the plan that would allow it.
 */
export function checkLimit(
  pricing: Pricing,
  level: PlanLevel,
  limits: PlanLimits,
  key: LimitKey,
  used = 0,
): LimitRefusal | null {
  const label = LIMIT_LABELS[key];
  const current = planLevelName(pricing, level);
  if (key === 'apiAccess') {
    if (limits.apiAccess) return null;
    const needed = planAllowing(pricing, key, 1);
    return {
      limit: key,
      allowed: false,
      level,
      planNeeded: needed?.id ?? null,
      message: `当前方案（${current}）不支持${label.action}${needed ? `，需要${needed.name}` : ''}。详见 ${PRICING_PATH}`,
    };
  }
  const allowed = limits[key as CountLimitKey];
  if (allowed === null || used < allowed) return null;
  const needed = planAllowing(pricing, key, used + 1);
  const cap = allowed === 0 ? `不能${label.action}` : `的「${label.name}」上限为 ${allowed} ${label.unit}`;
  return {
    limit: key,
    allowed,
    level,
    planNeeded: needed?.id ?? null,
    message: `当前方案（${current}）${cap}${needed ? `；需要${needed.name}才能${label.action}` : ''}。详见 ${PRICING_PATH}`,
  };
}
