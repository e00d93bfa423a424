import { SuperJSON } from 'superjson';

/**
 * A message body that was serialized to JSON once, by its room, for every socket that
 * receives it. The wire carries the string; the receiving side parses it back into the value.
 */
export class PreSerialized {
  constructor(readonly json: string) {}

  /** Serializes `value` once. */
  static of(value: unknown): PreSerialized {
    return new PreSerialized(JSON.stringify(value));
  }
}

/** The superjson instance hub and clients share: the defaults plus pre-serialized frames. */
export function createTransformer(): SuperJSON {
  const transformer = new SuperJSON();
  transformer.registerCustom<PreSerialized, string>(
    {
      isApplicable: (value): value is PreSerialized => value instanceof PreSerialized,
      serialize: (value) => value.json,
      // The receiver wants the value itself, not the wrapper.
      deserialize: (json) => JSON.parse(json) as PreSerialized,
    },
    'bs-frame',
  );
  return transformer;
}
