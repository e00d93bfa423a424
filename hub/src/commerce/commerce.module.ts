import type { PlanFlags } from '@bianshi/shared';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { alipayConfigured, wechatPayConfigured, type Config } from '../lib/config';
import type { Logger } from '../lib/logger';
import type { RateLimiterFactory } from '../lib/rate-limit';
import { siteBase } from '../lib/site';
import { bankTransferOffered } from '../lib/support';
import { ADDRESS_FAILURES_PER_HOUR, CdkeyAttempts } from './cdkey-attempts';
import { CdkeyRepository } from './cdkey.repository';
import { createCdkeyHasher } from './cdkey-secret';
import { CdkeyService } from './cdkey.service';
import { EntitlementService } from './entitlements.service';
import { GrantRepository } from './grant.repository';
import { InvoiceRepository } from './invoice.repository';
import { InvoiceService } from './invoice.service';
import type { FileStorage } from '../uploads/file-storage';
import { OrderRepository } from './order.repository';
import { OrderService } from './order.service';
import { alipayProvider } from './payments/alipay';
import { manualProvider } from './payments/manual';
import type { PaymentProvider, ProviderId } from './payments/provider';
import { wechatPayProvider } from './payments/wechat';
import { loadPricing } from './pricing';

/** Plans, entitlements, orders, cdkeys and invoices, as the hub's services hold them. */
export interface Commerce {
  readonly entitlements: EntitlementService;
  readonly orders: OrderService;
  readonly cdkeys: CdkeyService;
  readonly invoices: InvoiceService;
}

/** Key look-ups (redemptions and status checks) per account: 10 a minute (shared across hubs through Redis). */
const LOOKUP_LIMIT = { name: 'cdkey-redeem', points: 10, durationS: 60 } as const;
/** Failed look-ups per client address, at a rate a school's NAT does not reach. */
const ADDRESS_LIMIT = { name: 'cdkey-address', points: ADDRESS_FAILURES_PER_HOUR, durationS: 3600 } as const;

/** The debug flags from the configuration. */
export function planFlagsOf(config: Config): PlanFlags {
  return {
    trial: config.FLAG_TRIAL,
    education: config.FLAG_EDUCATION,
    enterprise: config.FLAG_ENTERPRISE,
    trialExpired: config.FLAG_TRIAL_EXPIRED,
    educationExpired: config.FLAG_EDUCATION_EXPIRED,
    enterpriseExpired: config.FLAG_ENTERPRISE_EXPIRED,
    forceTrial: config.FLAG_FORCE_TRIAL,
  };
}

/** The payment providers this configuration turns on (bank transfer when buyers can learn the account). */
export function paymentProviders(config: Config, clock: Clock): Map<ProviderId, PaymentProvider> {
  const providers = new Map<ProviderId, PaymentProvider>();
  if (bankTransferOffered(config)) providers.set('manual', manualProvider(config));
  // Providers are built once at startup with no request in hand: SITE_URL when set, else
  // http://localhost:$PORT. Real Alipay/WeChat notifications need SITE_URL set to the public address.
  const base = siteBase(config);
  const notify = (provider: string) => `${base}/api/commerce/notify/${provider}`;
  if (alipayConfigured(config)) {
    providers.set(
      'alipay',
      alipayProvider(
        {
          appId: config.ALIPAY_APP_ID!,
          privateKey: config.ALIPAY_PRIVATE_KEY!,
          alipayPublicKey: config.ALIPAY_PUBLIC_KEY!,
          gateway: config.ALIPAY_GATEWAY,
          notifyUrl: notify('alipay'),
          returnUrl: `${base}/buy/verify`,
        },
        clock,
      ),
    );
  }
  if (wechatPayConfigured(config)) {
    providers.set(
      'wechat',
      wechatPayProvider(
        {
          mchId: config.WECHATPAY_MCH_ID!,
          appId: config.WECHATPAY_APP_ID!,
          apiV3Key: config.WECHATPAY_API_V3_KEY!,
          privateKey: config.WECHATPAY_PRIVATE_KEY!,
          serialNo: config.WECHATPAY_MCH_SERIAL!,
          platformPublicKey: config.WECHATPAY_PLATFORM_PUBLIC_KEY!,
          apiBase: config.WECHATPAY_API_BASE,
          notifyUrl: notify('wechat'),
        },
        clock,
      ),
    );
  }
  return providers;
}

/** Wires the commerce services from the configuration (pricing file, flags, providers, secret). */
export async function createCommerce(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  logger: Logger;
  limiters: RateLimiterFactory;
  files: FileStorage;
}): Promise<Commerce> {
  const { db, config, clock, logger } = deps;
  const pricing = loadPricing(config.PRICING_FILE);
  const entitlements = new EntitlementService(new GrantRepository(db), pricing, planFlagsOf(config), clock);
  const cdkeyRepository = new CdkeyRepository(db);
  const hasher = await createCdkeyHasher(cdkeyRepository, config.CDKEY_SECRET, logger);
  const attempts = new CdkeyAttempts(
    cdkeyRepository,
    clock,
    deps.limiters(LOOKUP_LIMIT),
    deps.limiters(ADDRESS_LIMIT),
  );
  const cdkeys = new CdkeyService(cdkeyRepository, hasher, clock, entitlements, attempts);
  const orders = new OrderService(
    new OrderRepository(db),
    pricing,
    paymentProviders(config, clock),
    clock,
    entitlements,
    cdkeys,
    logger,
  );
  const invoices = new InvoiceService(new InvoiceRepository(db), orders, clock, deps.files);
  return { entitlements, orders, cdkeys, invoices };
}
