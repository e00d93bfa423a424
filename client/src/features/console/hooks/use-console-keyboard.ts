import { useEffect, useRef } from 'react';
import type { ToggleKey } from '../stores/console-ui.store';
import { ADJUST_STEP_MS, type ConsoleActions } from './use-console-actions';

/** Whether a key event happens while the user types (inputs, text areas, selects, editable text). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'color', 'file'].includes(type);
}

/** What a key does on the console. `swallow`: nothing, but no button may take it either. */
export type KeyAction =
  | 'toggle'
  | 'switchSide'
  | 'prev'
  | 'next'
  | 'bell'
  | 'reset'
  | 'plus'
  | 'minus'
  | 'setTime'
  | 'fullscreen'
  | 'help'
  | 'swallow';

/** The keys of each start/pause choice: the start key, and the bell's key (B, or L when B starts). */
export const KEYS_OF: Record<ToggleKey, { toggle: string; bell: string }> = {
  space: { toggle: ' ', bell: 'b' },
  b: { toggle: 'b', bell: 'l' },
};

/**
 * What a key does on the console; null for keys it leaves alone. Tab always moves focus (it is
 * never a shortcut). With B as the start key, Space is swallowed: held down for push-to-talk in
 * a meeting app, it must not click the focused button either.
 */
export function keyAction(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>,
  toggleKey: ToggleKey = 'space',
): KeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const key = event.key === 'Spacebar' ? ' ' : event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const keys = KEYS_OF[toggleKey];
  if (key === keys.toggle) return 'toggle';
  if (key === keys.bell) return 'bell';
  switch (key) {
    case ' ':
      return 'swallow';
    case 's':
      return 'switchSide';
    case 'ArrowLeft':
      return 'prev';
    case 'ArrowRight':
      return 'next';
    case 'r':
      return 'reset';
    case '+':
    case '=':
      return 'plus';
    case '-':
    case '_':
    case '−':
      return 'minus';
    case 't':
      return 'setTime';
    case 'f':
      return 'fullscreen';
    case '?':
    case '？':
      return 'help';
    default:
      return null;
  }
}

/** Ctrl+Z (⌘Z on a Mac): 撤销, the last command. Shift (redo) is left alone: there is no redo. */
export function isUndoKey(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>,
): boolean {
  return (
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey &&
    (event.key === 'z' || event.key === 'Z')
  );
}

/**
 * The console's keyboard: Ctrl+Z undo, the start key (Space, or B: this device's choice)
 * start/pause, S switch side, ←/→ stages, B (or L) bell, R reset, +/− 10 s, T set the time,
 * F fullscreen preview, ? help. Tab moves focus as everywhere. Ignored while typing and while a
 * dialog is open.
 */
export function useConsoleKeyboard(options: {
  enabled: boolean;
  toggleKey: ToggleKey;
  actions: ConsoleActions;
  onSetTime: () => void;
  onFullscreen: () => void;
  onHelp: () => void;
}) {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    let swallowSpaceUp = false;
    const onKeyDown = (event: KeyboardEvent) => {
      const { enabled, toggleKey, actions, onSetTime, onFullscreen, onHelp } = latest.current;
      if (
        !enabled ||
        event.defaultPrevented ||
        isTyping(event.target) ||
        document.querySelector('dialog[open]')
      )
        return;
      if (isUndoKey(event)) {
        event.preventDefault();
        if (!event.repeat) void actions.undo();
        return;
      }
      const action = keyAction(event, toggleKey);
      if (!action) return;
      event.preventDefault();
      if (event.key === ' ' || event.key === 'Spacebar') swallowSpaceUp = true;
      if (event.repeat && action !== 'plus' && action !== 'minus') return;
      switch (action) {
        case 'toggle':
          void actions.toggle();
          break;
        case 'switchSide':
          void actions.switchSide();
          break;
        case 'prev':
          void actions.prev();
          break;
        case 'next':
          void actions.next();
          break;
        case 'bell':
          void actions.bell();
          break;
        case 'reset':
          void actions.reset();
          break;
        case 'plus':
          void actions.adjust(ADJUST_STEP_MS);
          break;
        case 'minus':
          void actions.adjust(-ADJUST_STEP_MS);
          break;
        case 'fullscreen':
          onFullscreen();
          break;
        case 'setTime':
          onSetTime();
          break;
        case 'help':
          onHelp();
          break;
        case 'swallow':
          break;
      }
    };
    // A focused button would also "click" on Space's keyup: swallow it when the keydown was ours.
    const onKeyUp = (event: KeyboardEvent) => {
      if ((event.key === ' ' || event.key === 'Spacebar') && swallowSpaceUp) {
        swallowSpaceUp = false;
        event.preventDefault();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp, true);
    };
  }, []);
}
