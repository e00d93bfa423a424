/**
 * The shape another locale must give a zh-CN strings object: the same keys, arrays and tuples of
 * the same length, functions with the same parameters, but any string where zh-CN has a literal.
 * `export const display: Messages<typeof zh> = { … }` makes the type check fail on a missing or
 * an extra key.
 */
export type Messages<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends (...args: infer A) => infer R
        ? (...args: A) => Messages<R>
        : T extends object
          ? { readonly [K in keyof T]: Messages<T[K]> }
          : T;
