import { format } from '../../i18n/format';
import { errors as errorsText } from '../../i18n/zh-CN/errors';

/** What kind of failure an {@link AppError} is. */
export const APP_ERROR_KIND = {
  /** The server answered with a 4xx/5xx status. */
  http: 'http',
  /** No answer: offline, DNS, connection refused, CORS, socket closed. */
  network: 'network',
  /** The caller cancelled the request. */
  aborted: 'aborted',
  /** Anything else (a bug, an unexpected shape). */
  unknown: 'unknown',
} as const;
export type AppErrorKind = (typeof APP_ERROR_KIND)[keyof typeof APP_ERROR_KIND];

/**
 * The one error type the UI shows. `message` is Chinese and safe to put on screen;
 * `detail` is the original (often English) message, for logs only. Never carries a stack to the UI.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly kind: AppErrorKind;
  /** HTTP status (0 when there was no answer). */
  readonly status: number;
  /** Short status text, e.g. 服务器内部错误. */
  readonly statusText: string;
  /** tRPC error code (e.g. NOT_FOUND) when the hub sent one. */
  readonly code: string | undefined;
  /** The hub's machine reason (e.g. `timer-private`, `judge-required`) when it sent one. */
  readonly reason: string | undefined;
  readonly detail: string | undefined;

  constructor(init: {
    kind: AppErrorKind;
    status?: number;
    message?: string;
    code?: string;
    reason?: string;
    detail?: string;
    statusText?: string;
  }) {
    const status = init.status ?? 0;
    super(init.message ?? messageForStatus(init.kind, status));
    this.kind = init.kind;
    this.status = status;
    this.statusText = init.statusText ?? statusTextFor(status);
    this.code = init.code;
    this.reason = init.reason;
    this.detail = init.detail;
  }
}

/** Statuses on which an idempotent request is worth trying again. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** How many times a query is retried at most (so at most 1 + 3 attempts). */
export const MAX_QUERY_RETRIES = 3;

/** Short Chinese status text for an HTTP status, e.g. 404 → 未找到. */
export function statusTextFor(status: number): string {
  return (
    errorsText.statusText[status] ??
    (status >= 500 ? errorsText.statusText[500]! : status >= 400 ? errorsText.statusText[400]! : '')
  );
}

function messageForStatus(kind: AppErrorKind, status: number): string {
  const m = errorsText.request;
  if (kind === 'network') return m.network;
  if (kind === 'aborted') return m.aborted;
  if (kind === 'unknown') return m.unknown;
  const exact = m[status];
  if (exact) return exact;
  if (status >= 500 && status <= 599) return format(m.server, { status });
  if (status >= 400 && status <= 499) return format(m.client, { status });
  return m.unknown;
}

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  status?: unknown;
  statusCode?: unknown;
  cause?: unknown;
  data?: { httpStatus?: unknown; code?: unknown; reason?: unknown } | null;
  meta?: { response?: { status?: unknown } } | null;
  shape?: { message?: unknown } | null;
}

function asObject(value: unknown): ErrorLike | undefined {
  return value !== null && typeof value === 'object' ? (value as ErrorLike) : undefined;
}

/** The HTTP status carried by a tRPC client error, a Response-like error or our own AppError; 0 if none. */
export function statusOf(error: unknown): number {
  const e = asObject(error);
  if (!e) return 0;
  for (const candidate of [e.data?.httpStatus, e.meta?.response?.status, e.status, e.statusCode]) {
    if (typeof candidate === 'number' && candidate >= 100 && candidate <= 599) return candidate;
  }
  return 0;
}

function isAbort(e: ErrorLike): boolean {
  const cause = asObject(e.cause);
  return e.name === 'AbortError' || cause?.name === 'AbortError' || e.message === 'Aborted';
}

const NETWORK_MESSAGES = [
  /failed to fetch/i,
  /networkerror/i,
  /network request failed/i,
  /load failed/i,
  /websocket/i,
  /connection/i,
  /fetch failed/i,
];

function isNetwork(e: ErrorLike): boolean {
  const cause = asObject(e.cause);
  const texts = [e.message, cause?.message].filter((t): t is string => typeof t === 'string');
  return (
    e.name === 'TypeError' ||
    cause?.name === 'TypeError' ||
    texts.some((t) => NETWORK_MESSAGES.some((re) => re.test(t)))
  );
}

/**
 * Turns anything thrown by a request into an {@link AppError} with a Chinese message.
 * 400–599 become `http` errors; no answer becomes `network`; cancellation becomes `aborted`.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const e = asObject(error);
  const detail = typeof e?.message === 'string' ? e.message : undefined;
  const code = typeof e?.data?.code === 'string' ? e.data.code : undefined;
  const reason = typeof e?.data?.reason === 'string' ? e.data.reason : undefined;
  const status = statusOf(error);
  // A plan-limit refusal's own message names the plan needed and /pricing: it is shown as sent.
  const planLimit = e?.data?.reason === 'plan-limit' && typeof detail === 'string';
  if (status >= 400 && status <= 599)
    return new AppError({
      kind: 'http',
      status,
      code,
      detail,
      ...(reason ? { reason } : {}),
      ...(planLimit ? { message: detail } : {}),
    });
  if (e && isAbort(e)) return new AppError({ kind: 'aborted', detail });
  if (e && isNetwork(e)) return new AppError({ kind: 'network', detail });
  return new AppError({ kind: 'unknown', status, code, detail });
}

/**
 * Whether a failed *query* should be tried again: bounded by {@link MAX_QUERY_RETRIES}, and only
 * on a retryable status or when there was no answer at all. Mutations are never retried.
 * @param failureCount failures so far (TanStack Query passes 0 after the first failure)
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES) return false;
  const appError = toAppError(error);
  if (appError.kind === 'network') return true;
  return appError.kind === 'http' && RETRYABLE_STATUSES.has(appError.status);
}

/** Back-off between query retries: 1 s, 2 s, 4 s, capped at 10 s. */
export function queryRetryDelayMs(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, 10_000);
}
