/** Content: query rules, the docs navigation tree, and heading-level search. */
export * from './query';
export * from './navigation';
export * from './search';
export * from './page';
export * from './head';
