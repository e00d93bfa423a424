export * from './pricing.schema';
export * from './entitlements';
