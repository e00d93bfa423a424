import { useEffect, useState } from 'react';
import type * as Y from 'yjs';

/** A Y.Array's content as plain JSON, re-read on every (deep) change. */
export function useYArray<T>(array: Y.Array<unknown> | null): T[] {
  const [items, setItems] = useState<T[]>(() => (array ? (array.toJSON() as T[]) : []));
  useEffect(() => {
    if (!array) return;
    const read = () => setItems(array.toJSON() as T[]);
    read();
    array.observeDeep(read);
    return () => array.unobserveDeep(read);
  }, [array]);
  return items;
}

/** A Y.Map's content as a plain object, re-read on every (deep) change. */
export function useYMap<T>(map: Y.Map<unknown> | null): Record<string, T> {
  const [value, setValue] = useState<Record<string, T>>(() =>
    map ? (map.toJSON() as Record<string, T>) : {},
  );
  useEffect(() => {
    if (!map) return;
    const read = () => setValue(map.toJSON() as Record<string, T>);
    read();
    map.observeDeep(read);
    return () => map.unobserveDeep(read);
  }, [map]);
  return value;
}
