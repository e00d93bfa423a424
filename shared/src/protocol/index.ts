/** Wire constants, messages and the shared transformer of hub and clients. */
export * from './constants';
export * from './messages';
export * from './transformer';
export * from './lobby-messages';
export * from './fallback-wire';
export * from './input-issues';
export * from './site-routes';
