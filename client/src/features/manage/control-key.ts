import { local } from '../../lib/storage';

/** Where the console keeps a timer's control key in this browser (same key as the console's). */
const CONTROL_KEY_STORAGE_PREFIX = 'bianshi:control-key:';

/** The control key this browser remembers for a timer, if any. */
export function rememberedControlKey(timerId: string): string | null {
  return local.get(`${CONTROL_KEY_STORAGE_PREFIX}${timerId}`);
}

/** Remembers a (new) control key. */
export function rememberControlKey(timerId: string, key: string): void {
  local.set(`${CONTROL_KEY_STORAGE_PREFIX}${timerId}`, key);
}
