import { initTRPC } from '@trpc/server';
import superjson from 'superjson';
import type { Context } from './context';

/** The one tRPC instance of the hub. */
const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    // Never leak stacks to clients; the message is already user-facing or generic.
    return { ...shape, data: { ...shape.data, stack: undefined, cause: undefined, reason: reasonOf(error.cause) } };
  },
});

function reasonOf(cause: unknown): string | undefined {
  return cause && typeof cause === 'object' && 'reason' in cause && typeof cause.reason === 'string'
    ? cause.reason
    : undefined;
}

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;
/** A procedure anyone may call. */
export const publicProcedure = t.procedure;
export const middleware = t.middleware;
