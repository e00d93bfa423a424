import { create } from 'zustand';

/** Small UI state of the console: dialogs and the overlay message draft. */
export interface ConsoleUiState {
  helpOpen: boolean;
  messageDraft: string;
  setHelpOpen(open: boolean): void;
  setMessageDraft(text: string): void;
}

/** The console's UI store (server data lives in the timer store and react-query). */
export const useConsoleUi = create<ConsoleUiState>((set) => ({
  helpOpen: false,
  messageDraft: '',
  setHelpOpen: (helpOpen) => set({ helpOpen }),
  setMessageDraft: (messageDraft) => set({ messageDraft }),
}));
