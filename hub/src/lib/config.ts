import { z } from 'zod';

/**
 * Environment variables the hub reads, validated once at start.
 * Every variable is documented in `.env.example`.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Public address for links; when unset, links use the address each request came to (or http://localhost:$PORT). */
  SITE_URL: z.url().optional(),
  CLIENT_DIST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  /** How many trusted proxies append to X-Forwarded-For; the client is that many entries from the right. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  // ---- limits and retention (hub/src/limits, hub/src/retention) ----
  /** Live subscriptions (screens, lobby joins) one client address may hold on one hub; 0 = no limit. */
  MAX_SUBSCRIPTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(5_000),
  /** Days after which a timer nobody owns, untouched (no command, no settings change), is deleted with its files; 0 = never. */
  ANONYMOUS_TIMER_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(90),
  /** Bytes of uploads one timer may keep. */
  UPLOAD_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .default(20 * 1024 * 1024),
  // ---- accounts (hub/src/auth) ----
  /** Supabase project URL; with SUPABASE_ANON_KEY it switches sign-in to Supabase Auth. */
  SUPABASE_URL: z.url().optional(),
  /** Supabase anon key: public by design, handed to the browser for supabase-js. */
  SUPABASE_ANON_KEY: z.string().min(1).optional(),
  /** Supabase JWT secret, for projects that still sign access tokens with HS256. */
  SUPABASE_JWT_SECRET: z.string().min(16).optional(),
  /** Supabase service-role key: server-only; mirrors match changes to Realtime broadcast, keeps uploads and invoices in Supabase Storage. */
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(1).optional(),
  /** Comma-separated emails that become admins once their owner has verified them (needs mail or Supabase); `npm run admin -- grant <email>` always works. */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  // ---- mail (hub/src/mail) ----
  /** SMTP server the hub sends mail through (smtp://user:pass@host:587, smtps://…:465); unset: no mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s/]+/, 'must start with smtp:// or smtps:// and name a host')
    .refine((value) => URL.canParse(value), 'not a valid URL')
    .optional(),
  /** The sender of the hub's mail: `name@example.com` or `辩时 <name@example.com>`. */
  MAIL_FROM: z
    .string()
    .max(200)
    .regex(/^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'an address, or a name and <address>')
    .optional(),
  /** Failed sign-ins one client address may make per hour over all accounts (sprayers); size it above your largest NAT's honest typos. */
  SIGN_IN_ADDRESS_FAILURES_PER_HOUR: z.coerce.number().int().min(10).max(100_000).default(100),
  /** Failed sign-ins one account may take per day from addresses it never signed in from; past it only known addresses and mailed links get in. */
  SIGN_IN_ACCOUNT_FAILURES_PER_DAY: z.coerce.number().int().min(10).max(100_000).default(300),
  /** Prefix of the auth cookies: `<prefix>-session`, `<prefix>-redirect-path`. */
  AUTH_COOKIE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,32}$/, 'letters, digits and _ only')
    .default('bs'),
  /** Keep the originally requested path in `<prefix>-redirect-path` while signing in. */
  AUTH_REDIRECT_COOKIE: switchSchema('on'),
  /** Comma-separated client paths that need a signed-in account (`/x/**` = /x and below). */
  AUTH_PROTECTED_PATHS: pathListSchema(
    '/home,/record,/workbench/**,/ccf/**,/admin/**,/buy/verify,/buy/invoice',
  ),
  /** Comma-separated client paths excluded from AUTH_PROTECTED_PATHS. */
  AUTH_EXCLUDED_PATHS: pathListSchema(''),
  /** Extra origins the app may connect to (Content-Security-Policy connect-src), e.g. an analytics collector. */
  CSP_CONNECT_SRC: z
    .string()
    .default('')
    .transform((value) => value.split(/[\s,]+/).filter(Boolean))
    .refine(
      (sources) => sources.every((source) => /^https?:\/\/[^\s;'"]+$/.test(source)),
      'space- or comma-separated http(s) origins',
    ),
  // ---- content site and analytics (hub/src/content, hub/src/analytics) ----
  /** on: search engines may index the site (robots.txt, sitemap.xml); off: noindex everywhere. */
  SITE_INDEXABLE: switchSchema('on'),
  /** Query parameters kept in canonical links, comma-separated. */
  CANONICAL_QUERY_PARAMS: z
    .string()
    .default('code,page')
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  /** on: canonical links use the lower-cased path. */
  CANONICAL_LOWERCASE: switchSchema('on'),
  /** Website id the built-in collector accepts (Umami's `website`); unset: analytics off. */
  ANALYTICS_WEBSITE_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and - only')
    .optional(),
  /** An external Umami's collect endpoint (https://umami.example/api/send) instead of this hub's. */
  ANALYTICS_URL: z
    .url()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional(),
  /** Days a local session lasts. */
  AUTH_SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // ---- plans and purchase (hub/src/commerce) ----
  /** Debug flags (SPEC.md §1): the plan every account and visitor starts from. All off except FLAG_FORCE_TRIAL. */
  FLAG_TRIAL: switchSchema('off'),
  FLAG_EDUCATION: switchSchema('off'),
  FLAG_ENTERPRISE: switchSchema('off'),
  FLAG_TRIAL_EXPIRED: switchSchema('off'),
  FLAG_EDUCATION_EXPIRED: switchSchema('off'),
  FLAG_ENTERPRISE_EXPIRED: switchSchema('off'),
  /** On: without any other flag, everyone gets the trial plan (a self-hosted install needs no purchase). */
  FLAG_FORCE_TRIAL: switchSchema('on'),
  /** The pricing content file (plans, limits, FAQ); content/pricing.md by default. */
  PRICING_FILE: z.string().min(1).optional(),
  /** Server secret of the cdkey HMAC (≥ 32 characters); several hubs must share it. Unset: one is kept in the database. */
  CDKEY_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  /** Bank transfer (对公转账) details shown on manual orders. */
  BANK_ACCOUNT_NAME: z.string().max(100).default(''),
  BANK_NAME: z.string().max(100).default(''),
  BANK_ACCOUNT_NO: z.string().max(40).default(''),
  // ---- support (hub/src/lib/support.ts) ----
  /** Customer-service page (a web form, a chat or a group invite) shown wherever the product says 联系客服. */
  SUPPORT_URL: z
    .url()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional(),
  /** Customer-service email address, shown beside (or instead of) SUPPORT_URL. */
  SUPPORT_EMAIL: z.email('must be an email address').max(200).optional(),
  /** Alipay (支付宝) page pay: app id, the app's private key (signs requests), Alipay's public key (verifies notifications). */
  ALIPAY_APP_ID: z
    .string()
    .regex(/^\d{8,32}$/, 'digits only')
    .optional(),
  ALIPAY_PRIVATE_KEY: pemSchema().optional(),
  ALIPAY_PUBLIC_KEY: pemSchema().optional(),
  ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
  /** WeChat Pay (微信支付) API v3, Native pay: merchant id, app id, API v3 key (32 bytes), merchant key and serial, platform public key. */
  WECHATPAY_MCH_ID: z
    .string()
    .regex(/^\d{6,20}$/, 'digits only')
    .optional(),
  WECHATPAY_APP_ID: z.string().min(1).max(64).optional(),
  WECHATPAY_API_V3_KEY: z.string().length(32, 'exactly 32 characters').optional(),
  WECHATPAY_PRIVATE_KEY: pemSchema().optional(),
  WECHATPAY_MCH_SERIAL: z
    .string()
    .regex(/^[0-9A-Fa-f]{8,64}$/, 'hex serial number')
    .optional(),
  WECHATPAY_PLATFORM_PUBLIC_KEY: pemSchema().optional(),
  WECHATPAY_API_BASE: z.url().default('https://api.mch.weixin.qq.com'),
  // ---- the AI area (hub/src/ai) ----
  /** Base URL of an OpenAI-compatible chat API (…/v1); with AI_MODEL it turns the provider on. Server-side only. */
  AI_BASE_URL: z
    .url()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional(),
  /** The provider's API key (sent as a bearer token; never to the browser). */
  AI_API_KEY: z.string().min(1).optional(),
  /** The chat model to ask, e.g. gpt-4o-mini, deepseek-chat, qwen-plus. */
  AI_MODEL: z.string().min(1).max(200).optional(),
  /** Seconds one provider request may take in all (streaming included). */
  AI_TIMEOUT_S: z.coerce.number().int().min(5).max(600).default(60),
  /** Longest question, rules text or topic the AI area accepts, in characters. */
  AI_MAX_INPUT_CHARS: z.coerce.number().int().min(200).max(50_000).default(4_000),
  /** AI requests one client address may start per minute (whatever its plan). */
  AI_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  /** on: log prompts and answers (debugging a provider); off: only sizes and outcomes are logged. */
  AI_LOG: switchSchema('off'),
  // ---- integrations (hub/src/integrations) ----
  /** Origins a browser page may call `/api/v1` from (CORS), comma-separated, or `*` for any; unset: none. */
  API_CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(/[\s,]+/).filter(Boolean))
    .refine(
      (origins) => origins.every((origin) => origin === '*' || /^https?:\/\/[^\s/]+$/.test(origin)),
      'comma-separated origins such as https://obs.example.com, or *',
    ),
  /** on: webhooks may reach loopback and private addresses (a venue's LAN, tests); off: only public ones. */
  WEBHOOK_ALLOW_PRIVATE: switchSchema('off'),
  /** on: a tournament may be linked to a Tabbycat site on loopback or a private network (a venue's LAN, tests); off: only public ones. */
  TABBYCAT_ALLOW_PRIVATE: switchSchema('off'),
  /** Seconds between a webhook's failed attempt and the next, comma-separated; one retry per entry. */
  WEBHOOK_RETRY_SCHEDULE_S: z
    .string()
    .default('5,300,1800,7200,18000,36000,36000')
    .transform((value) => value.split(',').map((part) => Number(part.trim())))
    .refine(
      (delays) =>
        delays.length >= 1 &&
        delays.length <= 20 &&
        delays.every((delay) => Number.isInteger(delay) && delay >= 1 && delay <= 86_400),
      '1 to 20 whole seconds between 1 and 86400, comma-separated',
    ),
  /** UDP port the hub listens on for OSC commands; unset: OSC is off. */
  OSC_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** Interface OSC listens on. */
  OSC_HOST: z.string().min(1).default('127.0.0.1'),
  /** Timers (ids or short ids) OSC may drive and reports on, comma-separated; `*` for every timer (closed networks only). */
  OSC_TIMERS: z
    .string()
    .default('')
    .transform((value) => value.split(/[\s,]+/).filter(Boolean))
    .refine(
      (timers) => timers.every((timer) => timer === '*' || /^[A-Za-z0-9_-]{1,64}$/.test(timer)),
      'comma-separated timer ids or short ids, or *',
    ),
  /** Where the hub sends OSC time and stage messages, comma-separated `host:port`. */
  OSC_SEND_TO: z
    .string()
    .default('')
    .transform((value) => value.split(/[\s,]+/).filter(Boolean))
    .refine(
      (targets) =>
        targets.every((target) => /^[A-Za-z0-9.-]+:\d{1,5}$|^\[[0-9a-fA-F:]+\]:\d{1,5}$/.test(target)),
      'comma-separated host:port',
    ),
});

/** A PEM key, or its base64 body alone (as Alipay's console shows it); literal \\n are newlines. */
function pemSchema() {
  return z
    .string()
    .transform((value) => value.replace(/\\n/g, '\n').trim())
    .refine(
      (value) =>
        /^-----BEGIN [A-Z ]+-----[\s\S]+-----END [A-Z ]+-----$/.test(value) ||
        /^[A-Za-z0-9+/=\s]{64,}$/.test(value),
      'a PEM key or its base64 body',
    );
}

function switchSchema(fallback: 'on' | 'off') {
  return z
    .enum(['on', 'off', 'true', 'false', '1', '0'])
    .default(fallback)
    .transform((value) => value === 'on' || value === 'true' || value === '1');
}

function pathListSchema(fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(',')
        .map((path) => path.trim())
        .filter(Boolean),
    )
    .refine((paths) => paths.every((path) => path.startsWith('/')), 'every path must start with /');
}

export type Config = z.infer<typeof envSchema>;

/** Alipay is on when its app id and both keys are set. */
export function alipayConfigured(config: Config): boolean {
  return Boolean(config.ALIPAY_APP_ID && config.ALIPAY_PRIVATE_KEY && config.ALIPAY_PUBLIC_KEY);
}

/** The AI provider is on when its base URL and model are set (some local servers need no key). */
export function aiConfigured(config: Config): boolean {
  return Boolean(config.AI_BASE_URL && config.AI_MODEL);
}

/** Bank transfer details are published when account name, bank and account number are all set. */
export function bankTransferConfigured(config: Config): boolean {
  return Boolean(config.BANK_ACCOUNT_NAME && config.BANK_NAME && config.BANK_ACCOUNT_NO);
}

/** WeChat Pay is on when every merchant setting is set. */
export function wechatPayConfigured(config: Config): boolean {
  return Boolean(
    config.WECHATPAY_MCH_ID &&
    config.WECHATPAY_APP_ID &&
    config.WECHATPAY_API_V3_KEY &&
    config.WECHATPAY_PRIVATE_KEY &&
    config.WECHATPAY_MCH_SERIAL &&
    config.WECHATPAY_PLATFORM_PUBLIC_KEY,
  );
}

/** Every environment variable the hub reads (documented in `.env.example` and the README). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as (keyof Config)[];

/** A configuration problem, reported as one line that names the variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Parses the environment; throws a ConfigError naming the first bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Treat empty strings as unset, as shells and .env files often leave them so.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const variable = issue?.path.join('.') ?? 'environment';
  const shown = env[variable] === undefined ? '(unset)' : JSON.stringify(env[variable]);
  throw new ConfigError(`Invalid environment variable ${variable}=${shown}: ${issue?.message ?? 'invalid'}`);
}
