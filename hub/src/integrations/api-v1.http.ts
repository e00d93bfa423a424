import type { IncomingMessage, ServerResponse } from 'node:http';
import { BUILTIN_FORMATS, clientCommandSchema, timerReading } from '@bianshi/shared';
import { z } from 'zod';
import { HubError } from '../lib/errors';
import { parseInput } from '../lib/input-errors';
import { sendApiError } from './integrations.http';
import { absoluteLinks, siteBase } from '../lib/site';
import { outcomeError, timerUrls } from '../timers/outcome';
import { handleLibraryApi } from '../library/library.api';
import type { EntitlementService } from '../commerce/entitlements.service';
import type { Config } from '../lib/config';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import type { RateLimiter } from '../lib/rate-limit';
import type { Library } from '../library/library.module';
import type { TimerService } from '../timers/timer.service';
import type { Context } from '../trpc/context';
import type { Integrations } from './integrations.module';
import { clientIp } from '../lib/request';

/** Largest JSON body the HTTP API reads. */
export const API_MAX_BODY_BYTES = 64 * 1024;

/** The body of `POST /api/v1/timers` (also described by the OpenAPI document). */
export const createBody = z.strictObject({
  name: z.string().max(80).optional(),
  description: z.string().max(2_000).optional(),
  formatId: z.string().min(1).max(64).optional(),
  format: z.unknown().optional(),
  private: z.boolean().optional(),
});

/** What the `/api/v1` handler uses of the hub's services. */
export interface ApiV1Services {
  readonly config: Config;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly limits: { readonly creates: RateLimiter; readonly commands: RateLimiter };
  readonly timers: TimerService;
  readonly integrations: Integrations;
  readonly commerce: { readonly entitlements: Pick<EntitlementService, 'requireApiAccess' | 'timerSlot'> };
  readonly library: Library;
}

/**
 * The versioned HTTP API for stream decks, OBS and scripts (`/api/v1/...`). It goes through
 * the same TimerService as tRPC, so both inputs behave identically.
 */
export function createApiV1Handler(
  services: ApiV1Services,
  contextOf: (req: IncomingMessage) => Promise<Context>,
) {
  return async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> => {
    try {
      const segments = pathname
        .replace(/^\/api\/v1\/?/, '')
        .split('/')
        .filter(Boolean);
      const [resource, id, sub] = segments;
      if (resource === 'formats' && segments.length === 1 && req.method === 'GET') {
        return send(res, 200, { formats: BUILTIN_FORMATS });
      }
      if (resource === 'timers' && segments.length === 1 && req.method === 'POST') {
        await limit(services, req, 'creates');
        const body = parse(createBody, await readJson(req));
        // With an account's API token the account owns the timer (and its plan's limits apply).
        const ownerId = await services.integrations.access.creatorOf(req);
        await services.commerce.entitlements.requireApiAccess(ownerId);
        const admit = ownerId ? await services.commerce.entitlements.timerSlot(ownerId) : undefined;
        const created = await services.timers.create({ ...body, ownerId }, admit);
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
        // A private timer's view key: `?key=…`, or the view or control key or an API token as a bearer.
        await services.integrations.access.requireView(timer, req);
        const room = await services.timers.room(timer);
        const serverNow = services.clock.now();
        const reading = timerReading(room.current, room.timerInfo, serverNow);
        return send(res, 200, {
          id: timer.id,
          shortid: timer.shortid,
          name: timer.name,
          matchId: room.matchId,
          serverNow,
          reading,
          state: room.current,
        });
      }
      if (
        resource === 'timers' &&
        id &&
        sub === 'commands' &&
        segments.length === 3 &&
        req.method === 'POST'
      ) {
        await limit(services, req, 'commands');
        const timer = await services.timers.get(id);
        await services.integrations.access.requireControl(timer, req);
        const raw = await readJson(req);
        const { expectedVersion, matchId, ...commandBody } = (
          raw && typeof raw === 'object' ? raw : {}
        ) as Record<string, unknown>;
        const command = parse(clientCommandSchema, commandBody);
        const extras = parse(
          z.object({
            expectedVersion: z.number().int().min(0).optional(),
            matchId: z.string().min(1).max(64).optional(),
          }),
          { expectedVersion, matchId },
        );
        const outcome = await services.timers.command(timer, extras.matchId, command, {
          ...(extras.expectedVersion === undefined ? {} : { expectedVersion: extras.expectedVersion }),
          actor: 'api',
        });
        if (!outcome.ok) throw outcomeError(outcome);
        return send(res, 200, {
          version: outcome.version,
          state: outcome.state,
          reading: timerReading(outcome.state, timer, services.clock.now()),
        });
      }
      const library = await handleLibraryApi({ library: services.library, contextOf }, req, segments);
      if (library)
        return 'json' in library ? send(res, library.status, library.json) : sendFile(res, library);
      throw new HubError('NOT_FOUND', `未知接口：${req.method} ${pathname}`, 'route-not-found');
    } catch (error) {
      if (error instanceof HubError) return sendApiError(res, error);
      services.logger.error('api error', { pathname, error: String(error) });
      return send(res, 500, {
        error: { code: 'INTERNAL_SERVER_ERROR', reason: null, message: '服务器内部错误' },
      });
    }
  };
}

async function limit(
  services: ApiV1Services,
  req: IncomingMessage,
  which: 'creates' | 'commands',
): Promise<void> {
  const taken = await services.limits[which].attempt(clientIp(req, services.config));
  if (!taken.ok)
    throw new HubError('TOO_MANY_REQUESTS', '操作过于频繁，请稍后再试', 'rate-limited', {
      retryAfterMs: taken.retryAfterMs,
    });
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

function sendFile(
  res: ServerResponse,
  file: { status: number; text: string; contentType: string; filename: string },
): void {
  res.writeHead(file.status, {
    'content-type': file.contentType,
    'cache-control': 'no-store',
    'content-disposition': `attachment; filename="${file.filename}"`,
  });
  res.end(file.text);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}
