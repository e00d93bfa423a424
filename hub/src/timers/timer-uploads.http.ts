import type { IncomingMessage, ServerResponse } from 'node:http';
import { HUB_ERROR_STATUS, HubError, retryAfterSeconds } from '../lib/errors';
import type { Config } from '../lib/config';
import type { Logger } from '../lib/logger';
import { readBodyUpTo } from '../lib/request';
import type { RateLimiter } from '../lib/rate-limit';
import { atLeast } from './roles';
import type { Context } from '../trpc/context';
import { STORED_AS, UPLOAD_KINDS, sizeName, type FileType } from '../uploads/limits';
import { UM } from '../uploads/messages';
import { UploadError } from '../uploads/upload-error';
import { FileStorageError } from '../uploads/file-storage';
import type { UploadStore } from '../uploads/upload-store';
import { sweepTimerUploads } from '../uploads/upload-retention';
import { checkDeclaredSize, isUploadKind, validateUpload } from '../uploads/validate-upload';
import type { TimerService } from './timer.service';

/** What the upload endpoint uses of the hub's services. */
export interface UploadEndpointServices {
  readonly config: Pick<Config, 'UPLOAD_QUOTA_BYTES'>;
  readonly logger: Logger;
  readonly uploads: UploadStore;
  readonly limits: { readonly commands: RateLimiter };
  readonly timers: Pick<TimerService, 'get' | 'roleOf'>;
  /** The plan's limit on a timer's stored files (commerce's entitlements): throws when it is full. */
  readonly commerce: {
    readonly entitlements: {
      requireAssetSlot(timerId: string, stored: () => Promise<number>): Promise<void>;
    };
  };
}

/** Headers every served upload carries: no sniffing, no scripts, even if a file slipped through. */
export const SERVED_UPLOAD_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'cache-control': 'public, max-age=31536000, immutable',
};

/** Cost of one upload in command-rate tokens. */
const UPLOAD_RATE_COST = 1;

/** The tail of each timer's chain of uploads being counted and saved. */
const saving = new Map<string, Promise<unknown>>();

/** Runs `task` after every earlier task for `key` has settled (uploads to one timer, one at a time). */
function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
  const run = (saving.get(key) ?? Promise.resolve()).then(task, task);
  const tail = run.catch(() => undefined);
  saving.set(key, tail);
  void tail.then(() => {
    if (saving.get(key) === tail) saving.delete(key);
  });
  return run;
}

/**
 * Uploads over plain HTTP (files are raw request bodies, not JSON):
 * - `POST /api/uploads/<timerId>/<kind>` with the file as the body and its `content-type`;
 *   needs the editor role (control cookie or bearer key). Answers `{url, contentType, bytes, durationMs?}`.
 *   A timer keeps at most `UPLOAD_QUOTA_BYTES` (413 `quota-exceeded` beyond).
 * - `GET /uploads/<timerId>/<file>` serves a stored file with a fixed content type.
 */
export function createUploadHandler(
  services: UploadEndpointServices,
  contextOf: (req: IncomingMessage, res: ServerResponse) => Context | Promise<Context>,
) {
  const store = services.uploads;
  return async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> => {
    try {
      if (pathname.startsWith('/uploads/')) return await serve(store, req, res, pathname);
      const [timerId, kind, ...rest] = pathname.replace(/^\/api\/uploads\/?/, '').split('/');
      if (!timerId || !kind || rest.length > 0) throw new UploadError(404, UM.badPath, 'bad-path');
      if (req.method !== 'POST') throw new UploadError(405, UM.methodNotAllowed, 'method-not-allowed');
      if (!isUploadKind(kind)) throw new UploadError(404, UM.unsupportedKind(kind), 'unknown-kind');
      const ctx = await contextOf(req, res);
      const taken = await services.limits.commands.attempt(ctx.ip, UPLOAD_RATE_COST);
      if (!taken.ok)
        throw new UploadError(429, UM.rateLimited, 'rate-limited', { retryAfterMs: taken.retryAfterMs });
      const timer = await services.timers.get(decodeURIComponent(timerId));
      const role = await services.timers.roleOf(timer, ctx);
      if (!atLeast(role, 'editor')) {
        const anonymous = ctx.presentedKeys(timer.id).length === 0 && ctx.user === null;
        throw anonymous
          ? new UploadError(401, UM.credentialsMissing, 'credentials-missing')
          : new UploadError(403, UM.roleTooLow, 'role-too-low');
      }
      await services.commerce.entitlements.requireAssetSlot(timer.id, () => store.count(timer.id));
      const length =
        req.headers['content-length'] === undefined ? null : Number(req.headers['content-length']);
      checkDeclaredSize(kind, Number.isFinite(length) ? length : null);
      const maxBytes = UPLOAD_KINDS[kind].maxBytes;
      const body = await readBodyUpTo(req, maxBytes);
      if (!body) throw new UploadError(413, UM.tooLarge(sizeName(maxBytes)), 'too-large', { maxBytes });
      const bytes = new Uint8Array(body);
      const accepted = validateUpload(kind, req.headers['content-type'] ?? '', bytes);
      // Counted again, and saved, one upload of the timer at a time: the check above refuses early
      // without reading the body, this one keeps uploads arriving together from all taking the
      // plan's last place or the quota's last bytes.
      const stored = await oneAtATime(timer.id, async () => {
        await services.commerce.entitlements.requireAssetSlot(timer.id, () => store.count(timer.id));
        // The quota counts what the timer keeps: files it references, and fresh ones not yet saved.
        const quota = services.config.UPLOAD_QUOTA_BYTES;
        // File ages compare with the disk's modification times, so the wall clock, not the hub's clock.
        const { keptBytes } = await sweepTimerUploads(store, timer.id, timer.settings, Date.now());
        if (keptBytes + accepted.bytes.length > quota) {
          throw new UploadError(413, UM.quotaFull(sizeName(quota), sizeName(keptBytes)), 'quota-exceeded', {
            quotaBytes: quota,
            usedBytes: keptBytes,
          });
        }
        return store.save(timer.id, kind, accepted);
      });
      services.logger.info('upload stored', {
        timerId: timer.id,
        kind,
        bytes: accepted.bytes.length,
        type: accepted.type,
        storage: store.storage.backend,
      });
      send(res, 201, {
        url: stored.url,
        kind,
        type: accepted.type,
        contentType: accepted.contentType,
        bytes: accepted.bytes.length,
        ...(accepted.durationMs === undefined ? {} : { durationMs: accepted.durationMs }),
      });
    } catch (caught) {
      let error = caught;
      if (error instanceof FileStorageError) {
        services.logger.error('upload storage unavailable', {
          pathname,
          storage: store.storage.backend,
          error: error.message,
        });
        error = new UploadError(503, UM.storageUnavailable, 'storage-unavailable');
      }
      if (error instanceof UploadError || error instanceof HubError) {
        const status = error instanceof UploadError ? error.status : HUB_ERROR_STATUS[error.code];
        if (!req.readableEnded) {
          // Do not read a refused body; close the connection instead of draining it.
          res.setHeader('connection', 'close');
          req.resume();
        }
        if (status === 429)
          res.setHeader(
            'retry-after',
            String(
              retryAfterSeconds(
                new HubError('TOO_MANY_REQUESTS', error.message, error.reason, error.details),
              ),
            ),
          );
        return send(res, status, {
          error: {
            code: status,
            reason: error.reason ?? null,
            message: error.message,
            details: error.details ?? null,
          },
        });
      }
      services.logger.error('upload error', { pathname, error: String(error) });
      send(res, 500, { error: { code: 500, reason: null, message: '服务器内部错误' } });
    }
  };
}

async function serve(
  store: UploadStore,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD')
    throw new UploadError(405, UM.methodNotAllowed, 'method-not-allowed');
  const file = await store.read(pathname);
  if (!file) throw new UploadError(404, UM.notFound, 'not-found');
  const type = (Object.keys(STORED_AS) as FileType[]).find(
    (candidate) => STORED_AS[candidate].ext === file.ext,
  );
  if (!type) throw new UploadError(404, UM.notFound, 'not-found');
  res.writeHead(200, {
    ...SERVED_UPLOAD_HEADERS,
    'content-type': STORED_AS[type].contentType,
    'content-length': String(file.bytes.length),
  });
  res.end(req.method === 'HEAD' ? undefined : file.bytes);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}
