import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnyRouter } from '@trpc/server';
import { transformTRPCResponse } from '@trpc/server/unstable-core-do-not-import';
import { HubError, type RefusedScope } from '../lib/errors';
import type { Config } from '../lib/config';
import { clientIp, cookieOf, readBodyUpTo } from '../lib/request';
import type { CoolingOff, Cooling, Refusal } from './cooling-off';
import { refusalShape } from './http-limits';

/**
 * The doors of the HTTP listener: tRPC over HTTP and content queries. Each repeats a limit's
 * refusal to whom it was counted against, at the top of the listener and held back
 * (cooling-off.ts), until the limit's wait is over.
 */

/** Largest body the door reads to find an e-mail (a sign-in's is a few hundred bytes). */
const DOOR_BODY_BYTES = 16 * 1024;
const TRPC_PREFIX = '/api/trpc/';

const trpcKey = (path: string, who: string) => `trpc:${path}|${who}`;
export const CONTENT_DOOR_KEY = 'content';

export interface TrpcDoor {
  /**
   * Lets the request through (`next`), or answers it here when one of its procedures is cooling
   * off for this caller. A sign-in's body may be read to know its e-mail; tRPC then takes it
   * from `req.body`.
   */
  admit(req: IncomingMessage, res: ServerResponse, pathname: string, next: () => void): void;
  /** Remembers a limit's refusal of `path` (tRPC's onError). */
  refused(req: IncomingMessage, path: string | undefined, error: unknown): void;
}

export function createTrpcDoor(deps: {
  router: AnyRouter;
  cooling: CoolingOff;
  config: Pick<Config, 'TRUST_PROXY' | 'TRUST_PROXY_HOPS'>;
  sessionCookie: string;
}): TrpcDoor {
  const { cooling } = deps;
  const sessionOf = (req: IncomingMessage) => cookieOf(req, deps.sessionCookie);

  const refuse = (res: ServerResponse, address: string, found: Cooling, paths: string[]) => {
    cooling.hold(address, found.leftMs, (closeConnection, retryAfterMs) => {
      if (res.writableEnded || res.destroyed) return;
      const refusal = new HubError('TOO_MANY_REQUESTS', found.refusal.message, found.refusal.reason, {
        ...found.refusal.details,
        retryAfterMs,
      });
      const body = JSON.stringify(
        transformTRPCResponse(deps.router._def._config, {
          error: refusalShape(deps.router, refusal, paths.length === 1 ? paths[0] : undefined),
        }),
      );
      res.writeHead(429, {
        'content-type': 'application/json',
        'cache-control': 'no-store',
        'retry-after': String(Math.ceil(retryAfterMs / 1000)),
        ...(closeConnection ? { connection: 'close' } : {}),
      });
      res.end(body);
    });
  };

  const byPathOrSession = (address: string, paths: string[], session: string | null): Cooling | null => {
    for (const path of paths) {
      const found =
        cooling.check(address, trpcKey(path, 'a')) ??
        (session ? cooling.check(address, trpcKey(path, `s:${session}`)) : null);
      if (found) return found;
    }
    return null;
  };

  return {
    admit(req, res, pathname, next) {
      const address = clientIp(req, deps.config);
      if (!cooling.watching(address)) return next();
      const paths = pathname.startsWith(TRPC_PREFIX) ? pathname.slice(TRPC_PREFIX.length).split(',') : [];
      const found = byPathOrSession(address, paths, sessionOf(req));
      if (found) return refuse(res, address, found, paths);
      const byEmail = paths.filter((path) => cooling.hasPrefix(address, trpcKey(path, 'e:')));
      if (req.method !== 'POST' || byEmail.length === 0) return next();
      readBodyUpTo(req, DOOR_BODY_BYTES).then(
        (body) => {
          if (body === null) return next();
          const text = body.toString('utf8');
          for (const email of emailsIn(text)) {
            for (const path of byEmail) {
              const cooled = cooling.check(address, trpcKey(path, `e:${email}`));
              if (cooled) return refuse(res, address, cooled, paths);
            }
          }
          (req as IncomingMessage & { body?: string }).body = text;
          next();
        },
        () => next(),
      );
    },

    refused(req, path, error) {
      const cause = error instanceof HubError ? error : (error as { cause?: unknown } | null)?.cause;
      if (!(cause instanceof HubError) || cause.code !== 'TOO_MANY_REQUESTS' || !cause.scope || !path) return;
      const retryAfterMs = cause.details?.retryAfterMs;
      if (typeof retryAfterMs !== 'number') return;
      const who = whoOf(cause.scope, sessionOf(req));
      if (!who) return;
      const { retryAfterMs: _dropped, ...details } = cause.details ?? {};
      const refusal: Refusal = { message: cause.message, reason: cause.reason ?? 'rate-limited', details };
      cooling.refused(clientIp(req, deps.config), trpcKey(path, who), retryAfterMs, refusal);
    },
  };
}

function whoOf(scope: RefusedScope, session: string | null): string | null {
  if (scope.kind === 'address') return 'a';
  if (scope.kind === 'session') return session ? `s:${session}` : null;
  return `e:${scope.email}`;
}

/** The e-mails of a tRPC body, single (`{json: {email}}`) or batched (`{"0": {json: {email}}}`). */
function emailsIn(text: string): string[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [];
  }
  const calls =
    body && typeof body === 'object' && 'json' in body
      ? [body]
      : Object.values((body as Record<string, unknown> | null) ?? {});
  const emails: string[] = [];
  for (const call of calls) {
    const email = (call as { json?: { email?: unknown } } | null)?.json?.email;
    if (typeof email === 'string') emails.push(email.trim().toLowerCase());
  }
  return emails;
}

/** The content queries' door: the query limit's refusal, repeated to its address. */
export function createContentDoor(deps: {
  cooling: CoolingOff;
  config: Pick<Config, 'TRUST_PROXY' | 'TRUST_PROXY_HOPS'>;
  answer: (res: ServerResponse, retryAfterMs: number, closeConnection: boolean) => void;
}) {
  return {
    admit(req: IncomingMessage, res: ServerResponse, next: () => void): void {
      const address = clientIp(req, deps.config);
      const found = deps.cooling.watching(address) ? deps.cooling.check(address, CONTENT_DOOR_KEY) : null;
      if (!found) return next();
      deps.cooling.hold(address, found.leftMs, (closeConnection, retryAfterMs) => {
        if (!res.writableEnded && !res.destroyed) deps.answer(res, retryAfterMs, closeConnection);
      });
    },
    refused(req: IncomingMessage, retryAfterMs: number): void {
      deps.cooling.refused(clientIp(req, deps.config), CONTENT_DOOR_KEY, retryAfterMs, {
        message: '',
        reason: 'rate-limited',
      });
    },
  };
}
