import { displayPathParts } from '@bianshi/shared';
import { ADDRESS_TOKEN, tokenParam } from '../lib/page-address';
import type { TimerService } from './timer.service';

/**
 * The snapshot a display page's address alone may watch, as its watch would send it first:
 * a public timer, or a private one whose view key is in the address (`?key=`). Cookies are not
 * consulted. Null when the address names nothing to embed; throws as the watch would.
 */
export async function timerPageSnapshot(
  timers: Pick<TimerService, 'get' | 'canView' | 'room'>,
  url: URL,
): Promise<string | null> {
  const anonymous = { presentedKeys: () => [], user: null };
  const parts = displayPathParts(url.pathname);
  if (
    !parts ||
    !ADDRESS_TOKEN.test(parts.id) ||
    (parts.matchid !== undefined && !ADDRESS_TOKEN.test(parts.matchid))
  )
    return null;
  const timer = await timers.get(parts.id);
  if (!(await timers.canView(timer, anonymous, tokenParam(url, 'key')))) return null;
  const room = await timers.room(timer, parts.matchid);
  return room.snapshotFrame().frame.json;
}
