import { bankTransferConfigured, type Config } from '../../lib/config';
import { NotificationRejected, type PaymentProvider } from './provider';

/**
 * 对公转账 (bank transfer): the order page shows the account (when BANK_* publish one; else the
 * buyer asks support for it) and the order number as the transfer reference; an admin marks the
 * order paid once the money arrived. On when the account is published or support can be asked.
 */
export function manualProvider(config: Config): PaymentProvider {
  return {
    id: 'manual',
    async checkout(order) {
      // Part of an account is no account: all three, or the buyer asks support.
      if (!bankTransferConfigured(config))
        return { kind: 'transfer', accountName: '', bankName: '', accountNo: '', reference: order.number };
      return {
        kind: 'transfer',
        accountName: config.BANK_ACCOUNT_NAME,
        bankName: config.BANK_NAME,
        accountNo: config.BANK_ACCOUNT_NO,
        reference: order.number,
      };
    },
    async verify() {
      throw new NotificationRejected('bank transfers are confirmed by an admin');
    },
    acknowledgement: { status: 200, contentType: 'text/plain', body: 'ok' },
  };
}
