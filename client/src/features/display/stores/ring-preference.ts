/**
 * The per-screen 本机响铃 switch, so ten phones in one hall do not all ring: remembered on this
 * device; default on for a projector display, off for phones and audience screens.
 */
import type { PresenceRole } from '@bianshi/shared';
import { useCallback, useSyncExternalStore } from 'react';
import { local } from '../../../lib/browser/storage';

/** Where the switch is kept. */
export const RING_STORAGE_KEY = 'bianshi:display:ring';

const listeners = new Set<() => void>();

/** Whether this looks like a phone (coarse pointer, small screen). */
export function isPhoneLike(): boolean {
  if (typeof window === 'undefined') return false;
  const coarse = window.matchMedia?.('(pointer: coarse)').matches ?? false;
  const small = Math.min(window.screen?.width ?? 1920, window.screen?.height ?? 1080) < 600;
  return coarse && small;
}

/** The default when nothing is stored. */
export function defaultRing(role: PresenceRole): boolean {
  return role === 'display' && !isPhoneLike();
}

function read(role: PresenceRole): boolean {
  const stored = local.get(RING_STORAGE_KEY);
  return stored === null ? defaultRing(role) : stored === '1';
}

/** The switch and its setter. */
export function useRingPreference(role: PresenceRole): [boolean, (on: boolean) => void] {
  const value = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => read(role),
  );
  const set = useCallback((on: boolean) => {
    local.set(RING_STORAGE_KEY, on ? '1' : '0');
    listeners.forEach((listener) => listener());
  }, []);
  return [value, set];
}
