import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { createHTTPHandler } from '@trpc/server/adapters/standalone';
import type { HubServices } from '../services';
import { createContextFactory } from '../trpc/context';
import type { AppRouter } from '../trpc/app.router';
import { createApiV1Handler } from './api-v1';
import { API_CSP, appCspFor, BASE_SECURITY_HEADERS } from './security-headers';
import { createStaticHandler } from './static';
import { createUploadHandler } from '../uploads/upload.handler';

/** The HTTP side of the hub: health, tRPC over HTTP, then the static client. */
export function createRequestListener(services: HubServices, router: AppRouter, clientDist: string): RequestListener {
  const createContext = createContextFactory(services);
  const trpcHandler = createHTTPHandler({
    router,
    basePath: '/api/trpc/',
    createContext: (opts) => createContext(opts, 'http'),
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') services.logger.error('trpc error', { path, error: error.message });
    },
  });
  const serveStatic = createStaticHandler(clientDist);
  const apiV1 = createApiV1Handler(services);
  const appCsp = appCspFor(clientDist, services.config);
  const uploads = createUploadHandler(services, (req, res) => createContext({ req, res }, 'http'));

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
      trpcHandler(req, res);
      return;
    }
    if (pathname === '/api/v1' || pathname.startsWith('/api/v1/')) {
      void apiV1(req, res, pathname);
      return;
    }
    if (pathname.startsWith('/api/uploads/') || pathname.startsWith('/uploads/')) {
      void uploads(req, res, pathname);
      return;
    }
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      sendJson(res, 404, { error: { code: 'NOT_FOUND', message: `未知接口：${pathname}` } });
      return;
    }
    serveStatic(req, res);
  };
}

async function sendHealth(services: HubServices, res: ServerResponse): Promise<void> {
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

/** Writes a JSON response with no caching. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

export type { IncomingMessage };
