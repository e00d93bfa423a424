import { local } from '../../lib/storage';

/**
 * The control key of a timer, kept in this browser after a control link was opened so the
 * info page can show the control link again. The hub holds it only as a hash; the httpOnly
 * cookie is what authorises requests.
 */
export const CONTROL_KEY_STORAGE_PREFIX = 'bianshi:control-key:';

/** Remembers a timer's control key. */
export function rememberControlKey(timerId: string, key: string): void {
  local.set(`${CONTROL_KEY_STORAGE_PREFIX}${timerId}`, key);
}
