export * from './protocol';
export * from './flow';
