import type { DeviceKind, PresenceRole } from '@bianshi/shared';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { useTimerWatch } from '../../../lib/timer-sync';
import { DisplayScreen } from '../components/display-screen';

/**
 * Roles a display link may claim (`?role=`); controllers use the console. A plain list, not the
 * protocol's zod schema: the display downloads no schema library.
 */
const LINK_ROLES = ['judge', 'display', 'audience'] as const satisfies readonly Exclude<PresenceRole, 'controller'>[];

function roleFrom(value: string | null): PresenceRole {
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

/** `/timer/:id` and `/timer/:id/:matchid`: the projector display of a timer (or one match). */
export function DisplayRoute() {
  const { id = '', matchid } = useParams();
  const [search] = useSearchParams();
  const { hash } = useLocation();
  const role = roleFrom(search.get('role'));
  const name = search.get('name')?.slice(0, 40) || undefined;
  const viewKey = viewKeyFrom(hash, search);
  const store = useTimerWatch({ timerId: id, ...(matchid ? { matchId: matchid } : {}), role, ...(name ? { name } : {}), device: deviceKind(), ...(viewKey ? { viewKey } : {}) });
  return <DisplayScreen store={store} role={role} />;
}
