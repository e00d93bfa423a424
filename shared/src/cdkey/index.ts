export * from './cdkey';
