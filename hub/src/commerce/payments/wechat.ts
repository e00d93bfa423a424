import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { header, NotificationRejected, pem, type PaymentProvider } from './provider';

export interface WechatPaySettings {
  mchId: string;
  appId: string;
  /** APIv3 key: 32 bytes, decrypts notification resources (AEAD_AES_256_GCM). */
  apiV3Key: string;
  /** The merchant's private key and its certificate serial: sign API requests. */
  privateKey: string;
  serialNo: string;
  /** WeChat Pay's platform public key: verifies notifications and API answers. */
  platformPublicKey: string;
  apiBase: string;
  notifyUrl: string;
}

/** Notifications older or newer than this are refused (replays). */
const MAX_CLOCK_SKEW_S = 300;

/** The string WeChat Pay v3 signs for answers and notifications: timestamp, nonce, body, each + `\n`. */
export function wechatMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

/** AEAD_AES_256_GCM decryption of a notification resource (the tag is the ciphertext's last 16 bytes). */
export function decryptResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string | undefined },
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new NotificationRejected('resource too short');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

const notificationSchema = z.object({
  id: z.string().min(1),
  event_type: z.string(),
  resource: z.object({
    algorithm: z.literal('AEAD_AES_256_GCM'),
    ciphertext: z.string(),
    nonce: z.string(),
    associated_data: z.string().optional(),
  }),
});

const transactionSchema = z.object({
  mchid: z.string(),
  appid: z.string(),
  out_trade_no: z.string().min(1),
  transaction_id: z.string().min(1),
  trade_state: z.string(),
  amount: z.object({ total: z.number().int(), currency: z.string().optional() }),
});

/**
 * WeChat Pay API v3, Native pay: checkout asks the API for a `code_url` (shown as a QR code),
 * signing the request with the merchant key; notifications are verified with the platform key
 * (`Wechatpay-Signature` over timestamp, nonce and body) and their resource decrypted with the
 * APIv3 key before anything is believed.
 */
export function wechatPayProvider(settings: WechatPaySettings, clock: Clock): PaymentProvider {
  const platformKey = pem(settings.platformPublicKey, 'PUBLIC KEY');

  function verifySigned(headers: Record<string, string | string[] | undefined>, body: string): void {
    const timestamp = header(headers, 'wechatpay-timestamp');
    const nonce = header(headers, 'wechatpay-nonce');
    const signature = header(headers, 'wechatpay-signature');
    if (!timestamp || !nonce || !signature) throw new NotificationRejected('missing signature headers');
    if (Math.abs(clock.now() / 1000 - Number(timestamp)) > MAX_CLOCK_SKEW_S)
      throw new NotificationRejected('stale timestamp');
    const valid = createVerify('RSA-SHA256')
      .update(wechatMessage(timestamp, nonce, body), 'utf8')
      .verify(platformKey, signature, 'base64');
    if (!valid) throw new NotificationRejected('bad signature');
  }

  return {
    id: 'wechat',
    async checkout(order) {
      const path = '/v3/pay/transactions/native';
      const body = JSON.stringify({
        appid: settings.appId,
        mchid: settings.mchId,
        description: order.subject,
        out_trade_no: order.number,
        notify_url: settings.notifyUrl,
        amount: { total: order.amountFen, currency: 'CNY' },
      });
      const timestamp = String(Math.floor(clock.now() / 1000));
      const nonce = randomBytes(16).toString('hex');
      const signature = createSign('RSA-SHA256')
        .update(`POST\n${path}\n${timestamp}\n${nonce}\n${body}\n`, 'utf8')
        .sign(pem(settings.privateKey, 'PRIVATE KEY'), 'base64');
      const response = await fetch(new URL(path, settings.apiBase), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `WECHATPAY2-SHA256-RSA2048 mchid="${settings.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${settings.serialNo}"`,
        },
        body,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`WeChat Pay answered ${response.status}: ${text.slice(0, 200)}`);
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name] = value));
      verifySigned(headers, text);
      const codeUrl = z.object({ code_url: z.string().min(1) }).parse(JSON.parse(text)).code_url;
      return { kind: 'qr', codeUrl };
    },
    async verify({ headers, body }) {
      verifySigned(headers, body);
      const notification = notificationSchema.safeParse(JSON.parse(body));
      if (!notification.success) throw new NotificationRejected('not a payment notification');
      let plain: string;
      try {
        plain = decryptResource(settings.apiV3Key, notification.data.resource);
      } catch {
        throw new NotificationRejected('resource does not decrypt');
      }
      const transaction = transactionSchema.safeParse(JSON.parse(plain));
      if (!transaction.success) throw new NotificationRejected('unexpected resource');
      if (transaction.data.mchid !== settings.mchId || transaction.data.appid !== settings.appId)
        throw new NotificationRejected('another merchant');
      if (
        notification.data.event_type !== 'TRANSACTION.SUCCESS' ||
        transaction.data.trade_state !== 'SUCCESS'
      )
        return null;
      return {
        eventId: notification.data.id,
        orderNumber: transaction.data.out_trade_no,
        amountFen: transaction.data.amount.total,
        transactionId: transaction.data.transaction_id,
        payload: transaction.data as unknown as Record<string, unknown>,
      };
    },
    acknowledgement: {
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'SUCCESS', message: '成功' }),
    },
  };
}
