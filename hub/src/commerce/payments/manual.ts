import type { Config } from '../../lib/config';
import { NotificationRejected, type PaymentProvider } from './provider';

/**
 * 对公转账 (bank transfer), always on: the order page shows the account and the order number
 * as the transfer reference; an admin marks the order paid once the money arrived.
 */
export function manualProvider(config: Config): PaymentProvider {
  return {
    id: 'manual',
    async checkout(order) {
      return { kind: 'transfer', accountName: config.BANK_ACCOUNT_NAME, bankName: config.BANK_NAME, accountNo: config.BANK_ACCOUNT_NO, reference: order.number };
    },
    async verify() {
      throw new NotificationRejected('bank transfers are confirmed by an admin');
    },
    acknowledgement: { status: 200, contentType: 'text/plain', body: 'ok' },
  };
}
