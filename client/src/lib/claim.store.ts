import { create } from 'zustand';
import type { AppError } from './api/errors';

/** Where claiming a control link stands. */
export type ClaimStatus = 'none' | 'claiming' | 'claimed' | 'failed';

/** One claim of a control link, by the short id it was opened on. */
export interface ClaimEntry {
  status: ClaimStatus;
  error: AppError | null;
  /**
   * The control key just claimed, held in memory only (never in storage) so the page that
   * created the timer can show the control link this once.
   */
  controlKey?: string | null;
}

/**
 * Claims of control links, kept outside the route component: the key is taken out of the URL
 * at once, so a remount (a guard above the route re-rendering it) must still know the outcome.
 */
export interface ClaimState {
  claims: Record<string, ClaimEntry>;
  set(shortid: string, entry: ClaimEntry): void;
}

/** The claim store. */
export const useClaimStore = create<ClaimState>((set) => ({
  claims: {},
  set: (shortid, entry) => set((state) => ({ claims: { ...state.claims, [shortid]: entry } })),
}));
