import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { createHTTPHandler } from '@trpc/server/adapters/standalone';
import compression from 'compression';
import { clientIp } from '../lib/request';
import { createContextFactory, type ContextServices } from '../trpc/context';
import type { AnyRouter } from '@trpc/server';
import { TRPC_HTTP_LARGE_BODIES } from '@bianshi/shared';
import { createApiV1Handler } from '../integrations/api-v1.http';
import { HubError, retryAfterSeconds } from '../lib/errors';
import { API_CSP, appCspFor, BASE_SECURITY_HEADERS } from './security-headers';
import { createStaticHandler } from './static';
import { createPageStateLookup } from './page-state';
import { lobbyPageSnapshot } from '../lobbies/lobby-page-state';
import { timerPageSnapshot } from '../timers/timer-page-state';
import { createPageStatus, pageLookups } from './page-status';
import type { ScreenRenderer } from './page-render';
import { createUploadHandler } from '../timers/timer-uploads.http';
import {
  sendTrpcRefusal,
  TRPC_HTTP_MAX_BATCH_CALLS,
  TRPC_HTTP_MAX_BODY_BYTES,
  trpcBodyLimit,
  trpcProcedures,
  trpcRequestRefusal,
} from '../limits/http-limits';
import { createCommerceHttpHandler } from '../commerce/commerce.http';
import { createAnalyticsHandler } from '../analytics/analytics.http';
import { createContentServing } from '../content/content.module';
import { sendQueryRateLimited } from '../content/content.http';
import { createContentDoor, createTrpcDoor } from '../limits/doors';

/** The HTTP side of the hub: health, tRPC over HTTP, then the static client. */
export function createRequestListener(
  services: ContextServices,
  router: AnyRouter,
  clientDist: string,
  render?: ScreenRenderer,
): RequestListener {
  const createContext = createContextFactory(services);
  const door = createTrpcDoor({
    router,
    cooling: services.cooling,
    config: services.config,
    sessionCookie: services.auth.cookies.session,
  });
  // One handler per body limit: tRPC's `maxBodySize` stops a body sent without a length, so a
  // procedure allowed a larger body (TRPC_HTTP_LARGE_BODIES) is served by a handler that lets it.
  const trpcHandlerFor = (maxBodySize: number) =>
    createHTTPHandler({
      router,
      basePath: '/api/trpc/',
      maxBodySize,
      maxBatchSize: TRPC_HTTP_MAX_BATCH_CALLS,
      createContext: (opts) => createContext(opts, 'http'),
      // A refusal for going too fast says when to come back, like every 429 of the hub.
      responseMeta: ({ errors }) => {
        const limited = errors.find((error) => error.code === 'TOO_MANY_REQUESTS');
        if (!limited) return {};
        return {
          headers: {
            'retry-after': String(limited.cause instanceof HubError ? retryAfterSeconds(limited.cause) : 1),
          },
        };
      },
      onError: ({ error, path, req }) => {
        if (error.code === 'TOO_MANY_REQUESTS') door.refused(req, path, error);
        if (error.code === 'INTERNAL_SERVER_ERROR')
          services.logger.error('trpc error', { path, error: error.message });
      },
    });
  const trpcHandlers = new Map(
    [TRPC_HTTP_MAX_BODY_BYTES, ...Object.values(TRPC_HTTP_LARGE_BODIES)].map(
      (limit) => [limit, trpcHandlerFor(limit)] as const,
    ),
  );
  const trpcHandler = (url: URL) => trpcHandlers.get(trpcBodyLimit(trpcProcedures(url)))!;
  const serveStatic = createStaticHandler(clientDist, {
    sessionCookie: services.auth.cookies.session,
    trustProxy: services.config.TRUST_PROXY,
    pageState: {
      lookup: createPageStateLookup({
        'display.html': (url) => timerPageSnapshot(services.timers, url),
        'lobby-screen.html': (url) => lobbyPageSnapshot(services.lobbies, url),
      }),
      clock: services.clock,
      ...(render ? { render } : {}),
    },
    pageStatus: createPageStatus(pageLookups(services)),
  });
  const apiV1 = createApiV1Handler(services, (req) => createContext({ req }, 'http'));
  const appCsp = appCspFor(clientDist, services.config);
  const contentDoor = createContentDoor({
    cooling: services.cooling,
    config: services.config,
    answer: sendQueryRateLimited,
  });
  const content = createContentServing(services.config, clientDist, async (req) => {
    const admitted = await services.limits.contentQueries.attempt(clientIp(req, services.config));
    if (!admitted.ok) contentDoor.refused(req, admitted.retryAfterMs);
    return admitted;
  });
  const analytics = createAnalyticsHandler(services.analytics, services.config);
  const uploads = createUploadHandler(services, (req, res) => createContext({ req, res }, 'http'));
  const commerce = createCommerceHttpHandler(services, (req, res) => createContext({ req, res }, 'http'));
  const compressJson = createJsonCompression();

  return (req, res) => {
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) res.setHeader(name, value);
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    // The app gets a policy it works under; API answers (and anything else) get a locked one.
    res.setHeader('content-security-policy', pathname.startsWith('/api/') ? API_CSP : appCsp());
    if (pathname === '/api/health') {
      void sendHealth(services, res);
      return;
    }
    if (pathname === '/api/trpc' || pathname.startsWith('/api/trpc/')) {
      const url = new URL(req.url ?? '/', 'http://hub');
      const refusal = trpcRequestRefusal(req, url);
      if (refusal) sendTrpcRefusal(router, res, refusal);
      else {
        const handler = trpcHandler(url);
        door.admit(req, res, pathname, () =>
          compressJson(req, res, () => handler(req, coalesceSmall(res, JSON_COMPRESS_MIN_BYTES))),
        );
      }
      return;
    }
    if (pathname === '/api/v1' || pathname.startsWith('/api/v1/')) {
      // CORS, the OpenAPI document and the event streams first (streams are never compressed).
      void services.integrations.http
        .handle(req, res, pathname)
        .then((handled) => handled || compressJson(req, res, () => void apiV1(req, res, pathname)))
        .catch((error: unknown) => failed(res, services, error));
      return;
    }
    if (pathname.startsWith('/api/uploads/') || pathname.startsWith('/uploads/')) {
      void uploads(req, res, pathname);
      return;
    }
    if (pathname.startsWith('/api/commerce/')) {
      void commerce(req, res, pathname);
      return;
    }
    if (pathname === '/api/send' || pathname === '/api/analytics/config') {
      void analytics(req, res, pathname).catch((error: unknown) => failed(res, services, error));
      return;
    }
    if (pathname !== '/api' && !pathname.startsWith('/api/')) {
      // Content pages (prerendered), sitemap.xml and robots.txt; everything else is the client.
      void content(req, res, pathname)
        .then((handled) => handled || serveStatic(req, res))
        .catch((error: unknown) => failed(res, services, error));
      return;
    }
    if (pathname === '/api/content' || pathname.startsWith('/api/content/')) {
      // The door guards what the query limit counts: a collection's queries.
      if (pathname === '/api/content' || pathname === '/api/content/navigation')
        void content(req, res, pathname).catch((error: unknown) => failed(res, services, error));
      else
        contentDoor.admit(
          req,
          res,
          () => void content(req, res, pathname).catch((error: unknown) => failed(res, services, error)),
        );
      return;
    }
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      sendJson(res, 404, { error: { code: 'NOT_FOUND', message: `未知接口：${pathname}` } });
      return;
    }
    serveStatic(req, res);
  };
}

/** An unexpected failure of an async handler: logged, answered with a 500 if nothing was sent. */
function failed(res: ServerResponse, services: ContextServices, error: unknown): void {
  services.logger.error('request failed', { error: error instanceof Error ? error.message : String(error) });
  if (!res.headersSent)
    sendJson(res, 500, { error: { code: 'INTERNAL', message: '服务器出错了，请稍后再试' } });
  else res.end();
}

async function sendHealth(services: ContextServices, res: ServerResponse): Promise<void> {
  const reachable = await services.database.ping();
  const fanout = services.fanout.health();
  sendJson(res, reachable ? 200 : 503, {
    status: reachable && fanout.reachable ? 'ok' : 'degraded',
    version: services.version,
    database: { kind: services.database.kind, reachable },
    fanout,
    rooms: services.rooms.size,
    uptimeS: Math.round((services.clock.now() - services.startedAt) / 1000),
  });
}

/** JSON answers of at least this many bytes go out compressed (brotli or gzip) when the client accepts it. */
export const JSON_COMPRESS_MIN_BYTES = 1024;

/**
 * Compresses JSON answers (tRPC over HTTP, /api/v1) over {@link JSON_COMPRESS_MIN_BYTES}, as
 * the client's `Accept-Encoding` allows; small ones and other types go out as they are.
 */
function createJsonCompression() {
  const middleware = compression({
    threshold: JSON_COMPRESS_MIN_BYTES,
    filter: (_req, res) => /json/.test(String(res.getHeader('content-type') ?? '')),
  });
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    middleware(req as Parameters<typeof middleware>[0], res as Parameters<typeof middleware>[1], () =>
      next(),
    );
  };
}

/**
 * Holds a response's first bytes until it ends or passes `threshold`, so that compression knows
 * the length of a small answer and leaves it alone. tRPC writes every answer as a stream
 * (write, flush, end) without a length, so each one, a 250-byte refusal included, went through
 * brotli: a tenth of the hub's CPU under a flood of refused sign-ins. A response that stays
 * small but does not end in the same turn (a stream) is let go on the next turn as it is.
 */
function coalesceSmall(res: ServerResponse, threshold: number): ServerResponse {
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const flushable = res as ServerResponse & { flush?: () => void };
  const flush = flushable.flush?.bind(res);
  let pending: Buffer[] | null = [];
  let size = 0;
  let later: NodeJS.Immediate | null = null;
  const release = () => {
    if (!pending) return;
    const chunks = pending;
    pending = null;
    if (later) clearImmediate(later);
    for (const chunk of chunks) write(chunk);
    flush?.();
  };
  const asBuffer = (chunk: unknown, encoding: unknown): Buffer =>
    chunk instanceof Uint8Array
      ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
      : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    if (!pending) return write(chunk, encoding, callback);
    const buffer = asBuffer(chunk, encoding);
    pending.push(buffer);
    size += buffer.length;
    if (size >= threshold) release();
    else later ??= setImmediate(release);
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done as () => void);
    return true;
  }) as ServerResponse['write'];
  flushable.flush = () => {
    if (!pending) flush?.();
  };
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    if (!pending) return end(chunk, encoding, callback);
    if (later) clearImmediate(later);
    const chunks = pending;
    pending = null;
    const done = [chunk, encoding, callback].find((argument) => typeof argument === 'function');
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
      chunks.push(asBuffer(chunk, encoding));
    return done ? end(Buffer.concat(chunks), done) : end(Buffer.concat(chunks));
  }) as ServerResponse['end'];
  return res;
}

/** Writes a JSON response with no caching. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

export type { IncomingMessage };
