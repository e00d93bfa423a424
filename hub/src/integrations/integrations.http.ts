import type { IncomingMessage, ServerResponse } from 'node:http';
import { HUB_ERROR_STATUS, HubError, retryAfterSeconds } from '../lib/errors';
import { siteBase } from '../lib/site';
import type { Config } from '../lib/config';
import type { Logger } from '../lib/logger';
import { clientIp } from '../lib/request';
import { IM } from './messages';
import { openApiDocuments } from './openapi/openapi';

/** Headers a browser page on another origin may send to `/api/v1`. */
const CORS_ALLOW_HEADERS = 'authorization, content-type, last-event-id';
/** Headers such a page may read from the answers. */
const CORS_EXPOSE_HEADERS = 'retry-after, content-type';
/** How long a browser may keep a preflight's answer. */
const CORS_MAX_AGE_S = 600;

/**
 * Cross-origin access to `/api/v1` (CORS): origins listed in `API_CORS_ORIGINS` (or `*`) get
 * the headers that let a page there call the API (an OBS browser source or a web overlay on
 * its own domain). Credentials are bearer headers, never cookies, so no credentialed CORS.
 */
export class ApiCors {
  private readonly any: boolean;
  private readonly origins: Set<string>;

  constructor(origins: readonly string[]) {
    this.any = origins.includes('*');
    this.origins = new Set(origins.map((origin) => origin.toLowerCase()));
  }

  /** The value for `Access-Control-Allow-Origin`, or null when the origin is not allowed. */
  allowed(origin: string | undefined): string | null {
    if (!origin) return null;
    if (this.any) return '*';
    return this.origins.has(origin.toLowerCase()) ? origin : null;
  }

  /** Sets the CORS headers of an ordinary answer. */
  decorate(req: IncomingMessage, res: ServerResponse): void {
    res.setHeader('vary', 'origin');
    const allow = this.allowed(req.headers.origin);
    if (!allow) return;
    res.setHeader('access-control-allow-origin', allow);
    res.setHeader('access-control-expose-headers', CORS_EXPOSE_HEADERS);
  }

  /** Answers an OPTIONS request (a preflight): allowed origins get what they asked for, others a 403. */
  preflight(req: IncomingMessage, res: ServerResponse): void {
    const allow = this.allowed(req.headers.origin);
    res.setHeader('vary', 'origin');
    if (req.headers.origin && !allow) {
      sendApiError(res, new HubError('FORBIDDEN', IM.corsOriginRefused, 'cors-origin-refused'));
      return;
    }
    res.writeHead(204, {
      allow: 'GET, POST, OPTIONS',
      ...(allow
        ? {
            'access-control-allow-origin': allow,
            'access-control-allow-methods': 'GET, POST, OPTIONS',
            'access-control-allow-headers': CORS_ALLOW_HEADERS,
            'access-control-max-age': String(CORS_MAX_AGE_S),
          }
        : {}),
    });
    res.end();
  }
}

/** The `/api/v1` error envelope, with `Retry-After` on a 429. */
export function sendApiError(res: ServerResponse, error: HubError): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const status = HUB_ERROR_STATUS[error.code];
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  };
  if (status === 429) headers['retry-after'] = String(retryAfterSeconds(error));
  res.writeHead(status, headers);
  res.end(JSON.stringify({ error: errorBody(error) }));
}

/**
 * An expected failure as the API answers it: a Chinese `message`, a machine `reason`, and for
 * refused input the `field` and every issue (`{field, reason, message}`).
 */
function errorBody(error: HubError) {
  const details = error.details ?? null;
  return {
    code: error.code,
    reason: error.reason ?? null,
    message: error.message,
    field: typeof details?.field === 'string' ? details.field : null,
    issues: Array.isArray(details?.issues) ? details.issues : null,
    details,
  };
}

/** What the integrations' HTTP routes need. */
export interface IntegrationsHttpDependencies {
  config: Config;
  logger: Logger;
  timerEvents: (
    req: IncomingMessage,
    res: ServerResponse,
    timerRef: string,
    address: string,
  ) => Promise<void>;
}

/**
 * The routes of `/api/v1` the integrations domain answers itself — the OpenAPI document and
 * the Server-Sent Events — and CORS for all of `/api/v1`. Returns false for every other route
 * (the API handler in transport/api-v1.ts answers those).
 */
export function createIntegrationsHttp(deps: IntegrationsHttpDependencies) {
  const cors = new ApiCors(deps.config.API_CORS_ORIGINS);
  const documents = openApiDocuments();
  return {
    cors,
    async handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
      cors.decorate(req, res);
      if (req.method === 'OPTIONS') {
        cors.preflight(req, res);
        return true;
      }
      const segments = pathname
        .replace(/^\/api\/v1\/?/, '')
        .split('/')
        .filter(Boolean);
      try {
        if (req.method === 'GET' && segments.length === 1 && segments[0] === 'openapi.json') {
          res.writeHead(200, {
            'content-type': 'application/json; charset=utf-8',
            'cache-control': 'public, max-age=300',
          });
          res.end(documents(siteBase(deps.config, req)));
          return true;
        }
        if (
          req.method === 'GET' &&
          segments.length === 3 &&
          segments[0] === 'timers' &&
          segments[2] === 'events'
        ) {
          await deps.timerEvents(req, res, decodeURIComponent(segments[1]!), clientIp(req, deps.config));
          return true;
        }
      } catch (error) {
        if (error instanceof HubError) sendApiError(res, error);
        else {
          deps.logger.error('integrations http error', { pathname, error: String(error) });
          sendApiError(res, new HubError('SERVICE_UNAVAILABLE', '服务器内部错误', 'internal'));
        }
        return true;
      }
      return false;
    },
  };
}
