import type { IncomingMessage } from 'node:http';
import { controlCookieTimerId } from '../lib/cookies';
import { parseCookies } from '../lib/request';

/** At most this many control cookies are looked at for one request. */
export const MAX_DEVICE_CAPABILITIES = 50;

/**
 * The ids (timers and lobbies alike) this browser holds a control cookie for: the things made or
 * opened with a control link on this device. Only names are read here; whether a cookie's key
 * still works is for the caller to check through `ctx.presentedKeys(id)`, which also applies
 * the same-site rule to cookies.
 */
export function deviceCapabilityIds(req: IncomingMessage): string[] {
  const ids: string[] = [];
  for (const name of parseCookies(req.headers.cookie).keys()) {
    const id = controlCookieTimerId(name);
    if (id && /^[A-Za-z0-9_-]{1,64}$/.test(id)) ids.push(id);
    if (ids.length >= MAX_DEVICE_CAPABILITIES) break;
  }
  return ids;
}
