export * from './uscc';
export * from './invoice.schema';
