/**
 * Which console on this page is the fallback authority of a timer. Apart from fallback-console.ts
 * so that `useTimerCommands` can ask without loading the authority (and its command validation)
 * into screens that only watch, like the projector display.
 */
import type { FallbackConsole } from './fallback-console';

const authorities = new Map<string, FallbackConsole>();

/** Registers the authority of a timer's console so `useTimerCommands` routes through it. Returns unregister. */
export function registerFallbackConsole(timerId: string, authority: FallbackConsole): () => void {
  authorities.set(timerId, authority);
  return () => {
    if (authorities.get(timerId) === authority) authorities.delete(timerId);
  };
}

/** The fallback authority of a timer's console on this page, if one is mounted. */
export function fallbackConsoleOf(timerId: string): FallbackConsole | undefined {
  return authorities.get(timerId);
}
