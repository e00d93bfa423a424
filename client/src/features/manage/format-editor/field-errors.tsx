import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

/** A field whose typed text is not a valid value (so the draft still holds the old one). */
export interface FieldError {
  /** What the user calls the field: 第 2 环节 · 时长. */
  field: string;
  reason: string;
}

interface FieldErrorsApi {
  report(id: string, error: FieldError | null): void;
}

const FieldErrorsContext = createContext<FieldErrorsApi | null>(null);

/**
 * Collects the fields of the format editor whose text was refused, so a save is refused as a
 * whole (nothing unsaved is ever reported as saved) and the toast names them.
 */
export function useFieldErrorsCollector(): {
  errors: FieldError[];
  current: () => FieldError[];
  Provider: (props: { children: ReactNode }) => ReactNode;
} {
  const [map, setMap] = useState<Record<string, FieldError>>({});
  // The latest map, also read synchronously: a blur that refuses a field runs just before the save click.
  const latest = useRef<Record<string, FieldError>>({});
  const api = useRef<FieldErrorsApi>({
    report(id, error) {
      const current = latest.current;
      let next = current;
      if (error === null) {
        if (id in current) {
          const { [id]: _removed, ...rest } = current;
          next = rest;
        }
      } else {
        const old = current[id];
        if (!old || old.field !== error.field || old.reason !== error.reason)
          next = { ...current, [id]: error };
      }
      if (next === current) return;
      latest.current = next;
      setMap(next);
    },
  });
  const current = useCallback(() => Object.values(latest.current), []);
  const Provider = useCallback(
    ({ children }: { children: ReactNode }) => (
      <FieldErrorsContext.Provider value={api.current}>{children}</FieldErrorsContext.Provider>
    ),
    [],
  );
  const errors = useMemo(() => Object.values(map), [map]);
  return { errors, current, Provider };
}

/** A field's own error slot: `set(reason)` marks it refused (null clears); cleared on unmount. */
export function useFieldError(field: string): (reason: string | null) => void {
  const api = useContext(FieldErrorsContext);
  const id = useId();
  const fieldRef = useRef(field);
  fieldRef.current = field;
  useEffect(() => () => api?.report(id, null), [api, id]);
  return useCallback(
    (reason: string | null) => api?.report(id, reason === null ? null : { field: fieldRef.current, reason }),
    [api, id],
  );
}
