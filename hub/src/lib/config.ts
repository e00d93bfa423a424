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
  SITE_URL: z.url().default('http://localhost:3000'),
  CLIENT_DIST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  // ---- accounts (hub/src/auth) ----
  /** Supabase project URL; with SUPABASE_ANON_KEY it switches sign-in to Supabase Auth. */
  SUPABASE_URL: z.url().optional(),
  /** Supabase anon key: public by design, handed to the browser for supabase-js. */
  SUPABASE_ANON_KEY: z.string().min(1).optional(),
  /** Supabase JWT secret, for projects that still sign access tokens with HS256. */
  SUPABASE_JWT_SECRET: z.string().min(16).optional(),
  /** Supabase service-role key: server-only, used to mirror match changes to Realtime broadcast. */
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(1).optional(),
  /** Comma-separated emails that are admins (besides `npm run admin -- grant <email>`). */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((email) => email.trim().toLowerCase()).filter(Boolean)),
  /** Prefix of the auth cookies: `<prefix>-session`, `<prefix>-redirect-path`. */
  AUTH_COOKIE_PREFIX: z.string().regex(/^[A-Za-z0-9_]{1,32}$/, 'letters, digits and _ only').default('bs'),
  /** Keep the originally requested path in `<prefix>-redirect-path` while signing in. */
  AUTH_REDIRECT_COOKIE: switchSchema('on'),
  /** Comma-separated client paths that need a signed-in account (`/x/**` = /x and below). */
  AUTH_PROTECTED_PATHS: pathListSchema('/home,/record,/workbench/**,/ccf/**,/admin/**,/buy/verify,/buy/invoice'),
  /** Comma-separated client paths excluded from AUTH_PROTECTED_PATHS. */
  AUTH_EXCLUDED_PATHS: pathListSchema(''),
  /** Extra origins the app may connect to (Content-Security-Policy connect-src), e.g. an analytics collector. */
  CSP_CONNECT_SRC: z
    .string()
    .default('')
    .transform((value) => value.split(/[\s,]+/).filter(Boolean))
    .refine((sources) => sources.every((source) => /^https?:\/\/[^\s;'"]+$/.test(source)), 'space- or comma-separated http(s) origins'),
  /** Days a local session lasts. */
  AUTH_SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
});

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
    .transform((value) => value.split(',').map((path) => path.trim()).filter(Boolean))
    .refine((paths) => paths.every((path) => path.startsWith('/')), 'every path must start with /');
}

export type Config = z.infer<typeof envSchema>;

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
