import type { Config } from '../lib/config';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientIp } from '../lib/request';
import type { AnalyticsService } from './analytics.service';
import { collectBodySchema } from './analytics.service';

/** Largest event body accepted (Umami's payloads are a few hundred bytes). */
const MAX_EVENT_BYTES = 8 * 1024;

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/**
 * `POST /api/send`: the Umami-compatible collector. `GET /api/analytics/config`: where the
 * tracker sends events (this hub, an external Umami, or nowhere).
 */
export function createAnalyticsHandler(
  analytics: AnalyticsService,
  proxy: Pick<Config, 'TRUST_PROXY' | 'TRUST_PROXY_HOPS'>,
) {
  return async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> => {
    if (pathname === '/api/analytics/config') {
      const url = analytics.externalUrl ?? (analytics.websiteId ? '/api/send' : null);
      json(res, 200, { url: analytics.websiteId ? url : null, websiteId: analytics.websiteId });
      return true;
    }
    if (pathname !== '/api/send') return false;
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      json(res, 405, { error: { code: 'METHOD_NOT_ALLOWED', message: '只支持 POST' } });
      return true;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_EVENT_BYTES) {
        json(res, 413, { error: { code: 'PAYLOAD_TOO_LARGE', message: '事件过大' } });
        return true;
      }
      chunks.push(chunk as Buffer);
    }
    let parsed;
    try {
      parsed = collectBodySchema.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) {
      json(res, 400, { error: { code: 'BAD_REQUEST', message: '事件格式不正确' } });
      return true;
    }
    const ua = req.headers['user-agent'] ?? '';
    // Umami ignores bots; so do we.
    if (/bot|crawler|spider|headless/i.test(ua) && !/HeadlessChrome/.test(ua)) {
      json(res, 200, { ok: true, ignored: 'bot' });
      return true;
    }
    const stored = await analytics.record(parsed.data, { ip: clientIp(req, proxy), userAgent: ua });
    json(
      res,
      stored ? 200 : 400,
      stored ? { ok: true } : { error: { code: 'BAD_REQUEST', message: '未知的网站 ID' } },
    );
    return true;
  };
}
