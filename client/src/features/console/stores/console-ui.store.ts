import { create } from 'zustand';
import { local } from '../../../lib/browser/storage';

/**
 * The key that starts and pauses the clock on this device: Space, or B where Space is
 * push-to-talk (Tencent Meeting / VooV in online debates). A per-device choice: it depends on the
 * meeting app this computer runs, not on the timer.
 */
export type ToggleKey = 'space' | 'b';

/** Where this device keeps its choice of {@link ToggleKey}. */
const TOGGLE_KEY_STORAGE = 'bianshi:console:toggle-key';

function storedToggleKey(): ToggleKey {
  return local.get(TOGGLE_KEY_STORAGE) === 'b' ? 'b' : 'space';
}

/** Small UI state of the console: dialogs, the overlay message draft and this device's start key. */
export interface ConsoleUiState {
  helpOpen: boolean;
  messageDraft: string;
  toggleKey: ToggleKey;
  setHelpOpen(open: boolean): void;
  setMessageDraft(text: string): void;
  setToggleKey(key: ToggleKey): void;
}

/** The console's UI store (server data lives in the timer store and react-query). */
export const useConsoleUi = create<ConsoleUiState>((set) => ({
  helpOpen: false,
  messageDraft: '',
  toggleKey: storedToggleKey(),
  setHelpOpen: (helpOpen) => set({ helpOpen }),
  setMessageDraft: (messageDraft) => set({ messageDraft }),
  setToggleKey: (toggleKey) => {
    local.set(TOGGLE_KEY_STORAGE, toggleKey);
    set({ toggleKey });
  },
}));
