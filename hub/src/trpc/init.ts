import { TRPCError, initTRPC } from '@trpc/server';
import { HubError, refusedFor, type HubErrorCode } from '../lib/errors';
import { invalidInput, zodIssuesOf } from '../lib/input-errors';
import type { RateLimiter } from '../lib/rate-limit';
import type { Context } from './context';
import { bodyTooLargeMessage, trpcBodyLimit } from './body-limit';
import { createHubTransformer } from './transformer';

const TRPC_CODES: Record<HubErrorCode, TRPCError['code']> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

/**
 * zh-CN for the refusals tRPC's HTTP adapter makes itself: a body sent without a declared
 * length that passed its procedure's limit, a batch too long.
 */
function adapterMessage(message: string, path: string | undefined): string | undefined {
  if (message === 'PAYLOAD_TOO_LARGE') return bodyTooLargeMessage(trpcBodyLimit(path));
  if (message === 'Batch call exceeds maximum size') return '一次批量请求包含的调用过多';
  return undefined;
}

/** The one tRPC instance of the hub. */
const t = initTRPC.context<Context>().create({
  transformer: createHubTransformer(),
  errorFormatter({ shape, error, path }) {
    // Input a procedure's schema refused comes as zod's error: said like any refused input.
    const issues = error.code === 'BAD_REQUEST' ? zodIssuesOf(error.cause) : null;
    const cause = issues ? invalidInput(issues) : error.cause instanceof HubError ? error.cause : null;
    const message = cause && error.code !== 'INTERNAL_SERVER_ERROR' ? cause.message : shape.message;
    // Never leak stacks to clients; messages are user-facing (zh-CN) or generic.
    return {
      ...shape,
      message:
        error.code === 'INTERNAL_SERVER_ERROR'
          ? '服务器内部错误'
          : (adapterMessage(message, path) ?? message),
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        reason: cause?.reason ?? null,
        /** The field a refused input concerns ('' for the whole input), and every issue with its field and reason. */
        field: typeof cause?.details?.field === 'string' ? cause.details.field : null,
        issues: Array.isArray(cause?.details?.issues) ? (cause.details.issues as unknown[]) : null,
        details: cause?.details ?? null,
      },
    };
  },
});

/** The tRPC error for an expected failure, keeping its message and reason. */
export function toTRPCError(error: HubError): TRPCError {
  return new TRPCError({ code: TRPC_CODES[error.code], message: error.message, cause: error });
}

/** Turns expected failures (HubError) into tRPC errors with the same message and reason. */
const mapHubErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof HubError) throw toTRPCError(result.error.cause);
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;
/**
 * Holds one of the WebSocket connection's in-flight slots while a query or mutation runs, so a
 * socket cannot pile up work behind a slow database (ConnectionBudget.startCall). Subscriptions
 * hold their own slots (watches, lobby joins); HTTP callers have no connection budget.
 */
const callsInFlight = t.middleware(async ({ ctx, type, next }) => {
  if (type === 'subscription' || !ctx.budget) return next();
  const end = ctx.budget.startCall();
  try {
    return await next();
  } finally {
    end();
  }
});

/** A procedure anyone may call. */
export const publicProcedure = t.procedure.use(mapHubErrors).use(callsInFlight);

/** Middleware that spends one token of `limiter` per call, keyed by client address. */
export function rateLimit(limiter: (ctx: Context) => RateLimiter, message = '操作过于频繁，请稍后再试') {
  return t.middleware(async ({ ctx, next }) => {
    const taken = await limiter(ctx).attempt(ctx.ip);
    if (!taken.ok)
      throw refusedFor(
        new HubError('TOO_MANY_REQUESTS', message, 'rate-limited', { retryAfterMs: taken.retryAfterMs }),
        { kind: 'address' },
      );
    return next();
  });
}
