import { createSign, createVerify } from 'node:crypto';
import type { Clock } from '../../lib/clock';
import { fenOf, NotificationRejected, pem, yuan, type PaymentProvider } from './provider';

export interface AlipaySettings {
  appId: string;
  /** The app's private key: signs requests (RSA2). */
  privateKey: string;
  /** Alipay's public key: verifies notifications (RSA2). */
  alipayPublicKey: string;
  gateway: string;
  notifyUrl: string;
  returnUrl: string;
}

/** Alipay's content to sign: every parameter but `sign` (and `sign_type` for notifications), sorted, `k=v` joined by `&`. */
export function alipaySigningContent(params: Record<string, string>, omit: readonly string[]): string {
  return Object.keys(params)
    .filter((key) => !omit.includes(key) && params[key] !== '' && params[key] !== undefined)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** RSA2 (SHA256withRSA) signature, base64. */
export function alipaySign(content: string, privateKey: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(pem(privateKey, 'PRIVATE KEY'), 'base64');
}

/** Shanghai time as Alipay wants it: `yyyy-MM-dd HH:mm:ss`. */
function shanghaiTime(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Alipay computer-website pay (`alipay.trade.page.pay`): checkout is a signed redirect to the
 * gateway; the asynchronous notification is a form POST signed with RSA2, verified here with
 * Alipay's public key before anything is believed.
 */
export function alipayProvider(settings: AlipaySettings, clock: Clock): PaymentProvider {
  return {
    id: 'alipay',
    async checkout(order) {
      const params: Record<string, string> = {
        app_id: settings.appId,
        method: 'alipay.trade.page.pay',
        format: 'JSON',
        charset: 'utf-8',
        sign_type: 'RSA2',
        timestamp: shanghaiTime(clock.now()),
        version: '1.0',
        notify_url: settings.notifyUrl,
        return_url: settings.returnUrl,
        biz_content: JSON.stringify({
          out_trade_no: order.number,
          total_amount: yuan(order.amountFen),
          subject: order.subject,
          product_code: 'FAST_INSTANT_TRADE_PAY',
        }),
      };
      params.sign = alipaySign(alipaySigningContent(params, ['sign']), settings.privateKey);
      return { kind: 'redirect', url: `${settings.gateway}?${new URLSearchParams(params).toString()}` };
    },
    async verify({ body }) {
      const params = Object.fromEntries(new URLSearchParams(body));
      const signature = params.sign;
      if (!signature || params.sign_type !== 'RSA2') throw new NotificationRejected('missing RSA2 signature');
      const content = alipaySigningContent(params, ['sign', 'sign_type']);
      const valid = createVerify('RSA-SHA256')
        .update(content, 'utf8')
        .verify(pem(settings.alipayPublicKey, 'PUBLIC KEY'), signature, 'base64');
      if (!valid) throw new NotificationRejected('bad signature');
      if (params.app_id !== settings.appId) throw new NotificationRejected('another app');
      if (params.trade_status !== 'TRADE_SUCCESS' && params.trade_status !== 'TRADE_FINISHED') return null;
      const amountFen = fenOf(params.total_amount ?? '');
      if (!params.out_trade_no || !params.trade_no || !Number.isFinite(amountFen))
        throw new NotificationRejected('incomplete notification');
      return {
        eventId: params.notify_id || `${params.trade_no}:${params.trade_status}`,
        orderNumber: params.out_trade_no,
        amountFen,
        transactionId: params.trade_no,
        payload: params,
      };
    },
    acknowledgement: { status: 200, contentType: 'text/plain', body: 'success' },
  };
}
