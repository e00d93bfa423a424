import { bankTransferConfigured, type Config } from './config';
import type { Logger } from './logger';

/** The customer-service contact as the browser gets it (`system.info`); null when none is configured. */
export interface SupportContact {
  url: string | null;
  email: string | null;
}

/** SUPPORT_URL and SUPPORT_EMAIL, or null when neither is set. */
export function supportContact(config: Pick<Config, 'SUPPORT_URL' | 'SUPPORT_EMAIL'>): SupportContact | null {
  if (!config.SUPPORT_URL && !config.SUPPORT_EMAIL) return null;
  return { url: config.SUPPORT_URL ?? null, email: config.SUPPORT_EMAIL ?? null };
}

/**
 * Bank transfer (对公转账) is offered when buyers can learn where to send the money: the account
 * is published (BANK_*), or there is a support contact to ask for it. Without either an order
 * would end at a page that cannot say where to pay, so the method is not offered at all.
 */
export function bankTransferOffered(config: Config): boolean {
  return bankTransferConfigured(config) || supportContact(config) !== null;
}

/**
 * Tells the operator once, at start, what buyers and visitors will meet for lack of a support
 * contact or bank details; buyers themselves are never shown a dead 「请联系客服」.
 */
export function reportSupportSetup(config: Config, logger: Logger): void {
  const contact = supportContact(config);
  if (!contact) {
    logger.warn(
      'No support contact configured (SUPPORT_URL, SUPPORT_EMAIL): pages that would say 联系客服 point visitors to the docs and the AI assistant instead' +
        (bankTransferConfigured(config)
          ? '.'
          : ', and bank transfer (对公转账) is not offered because BANK_ACCOUNT_NAME, BANK_NAME and BANK_ACCOUNT_NO are not all set either.'),
    );
  } else if (!bankTransferConfigured(config)) {
    logger.info(
      'Bank transfer details (BANK_ACCOUNT_NAME, BANK_NAME, BANK_ACCOUNT_NO) are not all set: bank-transfer orders ask buyers to get the account from support.',
    );
  }
}
