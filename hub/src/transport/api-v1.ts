import type { IncomingMessage, ServerResponse } from 'node:http';
import { BUILTIN_FORMATS, clientCommandSchema } from '@bianshi/shared';
import { z } from 'zod';
import { HUB_ERROR_STATUS, HubError } from '../lib/errors';
import { parseInput } from '../lib/input-errors';
import { absoluteLinks, siteBase } from '../lib/site';
import { outcomeError, timerUrls } from '../timers/outcome';
import { handleLibraryApi } from '../library/library.api';
import type { HubServices } from '../services';
import { bearerToken, clientIp } from '../trpc/context';

/** Largest JSON body the HTTP API reads. */
export const API_MAX_BODY_BYTES = 64 * 1024;

const createBody = z.strictObject({
  name: z.string().max(80).optional(),
  description: z.string().max(2_000).optional(),
  formatId: z.string().min(1).max(64).optional(),
  format: z.unknown().optional(),
  private: z.boolean().optional(),
});

/**
 * The versioned HTTP API for stream decks, OBS and scripts (`/api/v1/...`). It goes through
 * the same TimerService as tRPC, so both inputs behave identically.
 */
export function createApiV1Handler(services: HubServices) {
  return async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> => {
    try {
      const segments = pathname.replace(/^\/api\/v1\/?/, '').split('/').filter(Boolean);
      const [resource, id, sub] = segments;
      if (resource === 'formats' && segments.length === 1 && req.method === 'GET') {
        return send(res, 200, { formats: BUILTIN_FORMATS });
      }
      if (resource === 'timers' && segments.length === 1 && req.method === 'POST') {
        await limit(services, req, 'creates');
        const body = parse(createBody, await readJson(req));
        await services.commerce.entitlements.requireApiAccess(null);
        const created = await services.timers.create(body);
        return send(res, 201, {
          id: created.timer.id,
          shortid: created.timer.shortid,
          matchId: created.matchId,
          controlKey: created.controlKey,
          viewKey: created.timer.viewKey,
          urls: absoluteLinks(siteBase(services.config, req), timerUrls(created.timer, created.controlKey)),
        });
      }
      if (resource === 'timers' && id && segments.length === 2 && req.method === 'GET') {
        const timer = await services.timers.get(id);
        // A private timer's view key: `?key=…`, or the view or control key as a bearer token.
        const bearer = bearerToken(req.headers.authorization);
        const viewKey = new URL(req.url ?? '/', 'http://hub').searchParams.get('key') ?? bearer;
        await services.timers.requireView(timer, { presentedKeys: () => (bearer ? [bearer] : []), user: null }, viewKey);
        const room = await services.timers.room(timer);
        return send(res, 200, { id: timer.id, shortid: timer.shortid, name: timer.name, matchId: room.matchId, state: room.current, serverNow: services.clock.now() });
      }
      if (resource === 'timers' && id && sub === 'commands' && segments.length === 3 && req.method === 'POST') {
        await limit(services, req, 'commands');
        const timer = await services.timers.get(id);
        const key = bearerToken(req.headers.authorization);
        services.timers.requireControl(timer, key ? [key] : []);
        const raw = await readJson(req);
        const { expectedVersion, matchId, ...commandBody } = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
        const command = parse(clientCommandSchema, commandBody);
        const extras = parse(
          z.object({ expectedVersion: z.number().int().min(0).optional(), matchId: z.string().min(1).max(64).optional() }),
          { expectedVersion, matchId },
        );
        const outcome = await services.timers.command(timer, extras.matchId, command, {
          ...(extras.expectedVersion === undefined ? {} : { expectedVersion: extras.expectedVersion }),
          actor: 'api',
        });
        if (!outcome.ok) throw outcomeError(outcome);
        return send(res, 200, { version: outcome.version, state: outcome.state });
      }
      const library = await handleLibraryApi(services, req, segments);
      if (library) return 'json' in library ? send(res, library.status, library.json) : sendFile(res, library);
      throw new HubError('NOT_FOUND', `未知接口：${req.method} ${pathname}`, 'route-not-found');
    } catch (error) {
      if (error instanceof HubError) {
        return send(res, HUB_ERROR_STATUS[error.code], { error: errorBody(error) });
      }
      services.logger.error('api error', { pathname, error: String(error) });
      return send(res, 500, { error: { code: 'INTERNAL_SERVER_ERROR', reason: null, message: '服务器内部错误' } });
    }
  };
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

async function limit(services: HubServices, req: IncomingMessage, which: 'creates' | 'commands'): Promise<void> {
  if (!(await services.limits[which].take(clientIp(req, services.config)))) {
    throw new HubError('TOO_MANY_REQUESTS', '操作过于频繁，请稍后再试', 'rate-limited');
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  return parseInput(schema, value) as T;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > API_MAX_BODY_BYTES) throw new HubError('PAYLOAD_TOO_LARGE', '请求体过大', 'body-too-large');
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return {};
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HubError('BAD_REQUEST', '请求体不是有效的 JSON', 'invalid-json');
  }
}

function sendFile(res: ServerResponse, file: { status: number; text: string; contentType: string; filename: string }): void {
  res.writeHead(file.status, { 'content-type': file.contentType, 'cache-control': 'no-store', 'content-disposition': `attachment; filename="${file.filename}"` });
  res.end(file.text);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}
