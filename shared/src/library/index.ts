/** The debate library: topics, schools and teams (pure schemas, imports, normalization). */
export * from './normalize';
export * from './topic.schema';
export * from './school.schema';
export * from './csv-import';
