import { displayPathParts, type DeviceKind, type PresenceRole } from '@bianshi/shared';
import { useEffect, useState } from 'react';
import { local } from '../../../lib/browser/storage';
import { useTimerStore, useTimerWatch } from '../../../lib/realtime/timer';
import { DisplayScreen } from '../components/display-screen';

/**
 * Roles a display link may claim (`?role=`); controllers use the console. A plain list, not the
 * protocol's zod schema: the display downloads no schema library.
 */
const LINK_ROLES = ['judge', 'display', 'audience'] as const satisfies readonly Exclude<
  PresenceRole,
  'controller'
>[];

/** The role a display link claims; a display when it names none or one it may not. */
export function roleFrom(value: string | null): PresenceRole {
  return LINK_ROLES.find((role) => role === value) ?? 'display';
}

function deviceKind(): DeviceKind {
  if (typeof window === 'undefined') return 'unknown';
  const coarse = window.matchMedia?.('(pointer: coarse)').matches ?? false;
  const shortest = Math.min(window.screen?.width ?? 0, window.screen?.height ?? 0);
  if (!coarse) return 'desktop';
  return shortest < 600 ? 'phone' : 'tablet';
}

/**
 * The view key of a private timer's display link: `#view=…` (kept out of server logs) or
 * `?key=…`. It stays in the address, so a reloaded projector keeps watching.
 */
export function viewKeyFrom(hash: string, search: URLSearchParams): string | undefined {
  const fromHash = /(?:^#|&)view=([A-Za-z0-9_-]{1,200})/.exec(hash)?.[1];
  const fromQuery = search.get('key');
  return fromHash ?? (fromQuery && /^[A-Za-z0-9_-]{1,200}$/.test(fromQuery) ? fromQuery : undefined);
}

/**
 * The judge key of a judge link (`#judge=…`, or `?judge=…`): with it the screen watches as a
 * judge (the hub counts it among the judges). Kept in the address like the view key.
 */
export function judgeKeyFrom(hash: string, search: URLSearchParams): string | undefined {
  const fromHash = /(?:^#|&)judge=([A-Za-z0-9_-]{1,200})/.exec(hash)?.[1];
  const fromQuery = search.get('judge');
  return fromHash ?? (fromQuery && /^[A-Za-z0-9_-]{1,200}$/.test(fromQuery) ? fromQuery : undefined);
}

/** What a display address says: the timer, the match, the query and the hash. */
export interface DisplayAddress {
  id: string;
  matchid?: string;
  search: URLSearchParams;
  hash: string;
}

/**
 * `/timer/:id` and `/timer/:id/:matchid` as the hub serves them: their own page (`display.html`,
 * `src/display-main.tsx`) without React Router. Null for any other path.
 */
export function displayAddressOf(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
): DisplayAddress | null {
  const parts = displayPathParts(location.pathname);
  return parts && { ...parts, search: new URLSearchParams(location.search), hash: location.hash };
}

/** Where a screen keeps the name a controller gave it, per timer. */
const SCREEN_NAME_PREFIX = 'bianshi:screen-name:';

/** The projector display of a timer (or one match), whoever parsed its address. */
export function DisplayView({ id, matchid, search, hash }: DisplayAddress) {
  const judgeKey = judgeKeyFrom(hash, search);
  // A judge link says role=judge; its key alone is enough to mean it.
  const role = judgeKey ? 'judge' : roleFrom(search.get('role'));
  // The name a controller gave this screen (kept on this device), else the link's `?name=`.
  const [given, setGiven] = useState(() => local.get(SCREEN_NAME_PREFIX + id));
  const name = given || search.get('name')?.slice(0, 40) || undefined;
  const viewKey = viewKeyFrom(hash, search);
  const store = useTimerWatch({
    timerId: id,
    ...(matchid ? { matchId: matchid } : {}),
    role,
    ...(name ? { name } : {}),
    device: deviceKind(),
    ...(viewKey ? { viewKey } : {}),
    ...(judgeKey ? { judgeKey } : {}),
  });
  const renamed = useTimerStore(store, (s) => s.screenName);
  useEffect(() => {
    if (!renamed || renamed === given) return;
    // Kept for the next connection (a reconnect, a reload): the watch starts again under it.
    local.set(SCREEN_NAME_PREFIX + id, renamed);
    setGiven(renamed);
  }, [renamed, given, id]);
  return <DisplayScreen store={store} role={role} />;
}
