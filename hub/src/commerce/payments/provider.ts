/** Payment providers behind one interface: 对公转账, Alipay and WeChat Pay, each when configured. */
import { PAYMENT_METHOD_IDS, type PaymentMethodId } from '@bianshi/shared';

export const PROVIDER_IDS = PAYMENT_METHOD_IDS;
export type ProviderId = PaymentMethodId;

export const PROVIDER_NAMES: Record<ProviderId, string> = {
  manual: '对公转账',
  alipay: '支付宝',
  wechat: '微信支付',
};

/** The order facts a provider needs. */
export interface PayableOrder {
  number: string;
  amountFen: number;
  /** What the buyer sees on the payment page, e.g. 辩时 教育版 12 个月 × 1. */
  subject: string;
}

/** What the buyer does next. */
export type Checkout =
  | { kind: 'transfer'; accountName: string; bankName: string; accountNo: string; reference: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'qr'; codeUrl: string };

/** A payment a provider confirmed with a verified signature. */
export interface VerifiedPayment {
  /** The provider's id of this notification (a duplicate carries the same). */
  eventId: string;
  orderNumber: string;
  amountFen: number;
  transactionId: string;
  payload: Record<string, unknown>;
}

/** A raw notification as it arrived over HTTP. */
export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Thrown when a notification is not authentic (bad signature, stale, not ours). */
export class NotificationRejected extends Error {
  override readonly name = 'NotificationRejected';
}

export interface PaymentProvider {
  readonly id: ProviderId;
  /** Starts paying an order. */
  checkout(order: PayableOrder): Promise<Checkout>;
  /**
   * Verifies a notification (signature, and decryption where the provider encrypts) and returns
   * the payment it reports, or null when it reports something other than a success.
   */
  verify(notification: IncomingNotification): Promise<VerifiedPayment | null>;
  /** What the provider expects back once the notification is handled. */
  readonly acknowledgement: { status: number; contentType: string; body: string };
}

/** Fen → `399.00`. */
export function yuan(amountFen: number): string {
  return (amountFen / 100).toFixed(2);
}

/** `399.00` → fen, or NaN. */
export function fenOf(amount: string): number {
  return /^\d+(\.\d{1,2})?$/.test(amount) ? Math.round(Number(amount) * 100) : Number.NaN;
}

/** A PEM from a PEM or a bare base64 body. */
export function pem(key: string, kind: 'PUBLIC KEY' | 'PRIVATE KEY'): string {
  if (key.includes('-----BEGIN')) return key;
  const body = key.replace(/\s/g, '').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN ${kind}-----\n${body}\n-----END ${kind}-----\n`;
}

export function header(headers: IncomingNotification['headers'], name: string): string {
  const value = headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}
