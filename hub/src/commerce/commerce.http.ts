import type { IncomingMessage, ServerResponse } from 'node:http';
import { HUB_ERROR_STATUS, HubError, retryAfterSeconds } from '../lib/errors';
import type { Logger } from '../lib/logger';
import { readBodyUpTo } from '../lib/request';
import type { Context } from '../trpc/context';
import { INVOICE_PDF_MAX_BYTES, invoiceFileName } from './invoice.service';
import type { Commerce } from './commerce.module';
import { CM } from './messages';
import { PROVIDER_IDS, type ProviderId } from './payments/provider';
import { FileStorageError } from '../uploads/file-storage';
import { UM } from '../uploads/messages';

/** Largest notification body a provider sends. */
const NOTIFY_MAX_BYTES = 64 * 1024;

/** What the commerce endpoints use of the hub's services. */
export interface CommerceHttpServices {
  readonly commerce: Commerce;
  readonly logger: Logger;
}

/**
 * Commerce over plain HTTP (not JSON-RPC shaped):
 * - `POST /api/commerce/notify/<alipay|wechat>`: a provider's signed payment notification.
 * - `POST /api/commerce/invoices/<id>/pdf` (admin, body = the PDF): issues an invoice.
 * - `GET /api/commerce/invoices/<id>/pdf` (its buyer or an admin): downloads it (from local disk,
 *   or by a redirect to a short-lived signed link of a private Supabase Storage bucket).
 */
export function createCommerceHttpHandler(
  services: CommerceHttpServices,
  contextOf: (req: IncomingMessage, res: ServerResponse) => Promise<Context>,
) {
  return async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> => {
    try {
      const notify = /^\/api\/commerce\/notify\/([a-z]+)$/.exec(pathname);
      if (notify) {
        const provider = notify[1] as ProviderId;
        if (req.method !== 'POST' || !PROVIDER_IDS.includes(provider))
          throw new HubError('NOT_FOUND', '未知接口', 'not-found');
        const body = (await readBodyOf(req, NOTIFY_MAX_BYTES)).toString('utf8');
        const answer = await services.commerce.orders.notify(provider, { headers: req.headers, body });
        res.writeHead(answer.status, { 'content-type': answer.contentType, 'cache-control': 'no-store' });
        res.end(answer.body);
        return;
      }
      const pdf = /^\/api\/commerce\/invoices\/([\w-]{1,64})\/pdf$/.exec(pathname);
      if (!pdf) throw new HubError('NOT_FOUND', '未知接口', 'not-found');
      const ctx = await contextOf(req, res);
      if (!ctx.user) throw new HubError('UNAUTHORIZED', '请先登录', 'sign-in-required');
      if (req.method === 'GET') {
        const file = await services.commerce.invoices.pdf(pdf[1]!, ctx.user);
        if ('url' in file) {
          res.writeHead(302, {
            location: file.url,
            'cache-control': 'private, no-store',
            'referrer-policy': 'no-referrer',
          });
          res.end();
          return;
        }
        res.writeHead(200, {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${invoiceFileName(pdf[1]!)}"`,
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, no-store',
        });
        res.end(file.bytes);
        return;
      }
      if (req.method !== 'POST') throw new HubError('NOT_FOUND', '未知接口', 'not-found');
      if (!ctx.user.isAdmin) throw new HubError('FORBIDDEN', '需要管理员权限', 'admin-required');
      const bytes = await readBodyOf(req, INVOICE_PDF_MAX_BYTES);
      await services.commerce.invoices.issue(pdf[1]!, new Uint8Array(bytes), ctx.user.id);
      sendJson(res, 200, { ok: true });
    } catch (caught) {
      const error =
        caught instanceof FileStorageError
          ? new HubError('SERVICE_UNAVAILABLE', UM.storageUnavailable, 'storage-unavailable')
          : caught;
      if (caught instanceof FileStorageError)
        services.logger.error('invoice storage unavailable', { pathname, error: caught.message });
      if (error instanceof HubError) {
        if (!req.readableEnded) {
          res.setHeader('connection', 'close');
          req.resume();
        }
        if (error.code === 'TOO_MANY_REQUESTS')
          res.setHeader('retry-after', String(retryAfterSeconds(error)));
        return sendJson(res, HUB_ERROR_STATUS[error.code], {
          error: { code: HUB_ERROR_STATUS[error.code], reason: error.reason ?? null, message: error.message },
        });
      }
      services.logger.error('commerce http error', { pathname, error: String(error) });
      sendJson(res, 500, { error: { code: 500, reason: null, message: '服务器内部错误' } });
    }
  };
}

/** A body of at most `maxBytes`, else 413. */
async function readBodyOf(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const body = await readBodyUpTo(req, maxBytes);
  if (!body) throw new HubError('PAYLOAD_TOO_LARGE', CM.invoicePdfInvalid, 'too-large');
  return body;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}
