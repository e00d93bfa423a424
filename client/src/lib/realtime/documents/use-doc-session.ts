import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { YjsNotice } from '@bianshi/shared';
import { DocSession, type DocSessionState, type PresenceUser } from './doc-session';

const idle: DocSessionState = {
  status: 'connecting',
  synced: false,
  localReady: false,
  offline: false,
  refusal: null,
  stale: false,
};

/** At most this many reloads after refused edits per minute; past that the copy stays refused (a client bug, not a person). */
const MAX_RELOADS_PER_MINUTE = 3;

/**
 * Opens a document for as long as the component is mounted (null until the user is known).
 * When the hub refuses an edit this copy holds, the copy is dropped (IndexedDB too) and the
 * hub's is opened in a new session, so what the person sees is what everyone has.
 */
export function useDocSession(
  documentId: string | null,
  user: PresenceUser | null,
  options: { invite?: string | null; onNotice?: (notice: YjsNotice) => void } = {},
) {
  const [session, setSession] = useState<DocSession | null>(null);
  const [generation, setGeneration] = useState(0);
  const reloads = useRef<number[]>([]);
  const userKey = user ? `${user.name}|${user.color}|${user.role}` : null;
  useEffect(() => {
    if (!documentId || !user) return;
    const opened = new DocSession(documentId, {
      user,
      invite: options.invite ?? null,
      ...(options.onNotice ? { onNotice: options.onNotice } : {}),
    });
    setSession(opened);
    let discarding = false;
    const unsubscribe = opened.subscribe(() => {
      if (!opened.snapshot.stale || discarding) return;
      const now = Date.now();
      reloads.current = reloads.current.filter((at) => now - at < 60_000);
      if (reloads.current.length >= MAX_RELOADS_PER_MINUTE) return;
      reloads.current.push(now);
      discarding = true;
      void opened.discard().finally(() => setGeneration((n) => n + 1));
    });
    return () => {
      unsubscribe();
      setSession(null);
      if (!discarding) opened.destroy();
    };
    // The session follows the document and who opens it, not every render's callbacks.
  }, [documentId, userKey, options.invite, generation]);
  const state = useSyncExternalStore(
    (listener) => session?.subscribe(listener) ?? (() => {}),
    () => session?.snapshot ?? idle,
  );
  return { session, state };
}

/** Everyone's awareness `user` field in a document, this person included, re-read on change. */
export function usePresence(
  session: DocSession | null,
): { clientId: number; user: PresenceUser; self: boolean }[] {
  const [list, setList] = useState<{ clientId: number; user: PresenceUser; self: boolean }[]>([]);
  useEffect(() => {
    if (!session) return;
    const awareness = session.provider.awareness;
    const read = () =>
      setList(
        [...awareness.getStates().entries()]
          .filter(([, state]) => state && (state as { user?: PresenceUser }).user)
          .map(([clientId, state]) => ({
            clientId,
            user: (state as { user: PresenceUser }).user,
            self: clientId === awareness.clientID,
          })),
      );
    read();
    awareness.on('change', read);
    return () => awareness.off('change', read);
  }, [session]);
  return list;
}
