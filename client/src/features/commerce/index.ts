/** Plans, purchase, cdkeys, invoices and their admin screen (/pricing, /buy…, /admin/cdkey). */
export { PricingPage } from './components/pricing-page';
export { BuyPage } from './components/buy-page';
export { CdkeyPage } from './components/cdkey-page';
export { VerifyPage } from './components/verify-page';
export { InvoicePage } from './components/invoice-page';
export { AdminCdkeyPage } from './components/admin-page';
