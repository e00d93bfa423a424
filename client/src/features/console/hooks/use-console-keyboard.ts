import { useEffect, useRef } from 'react';
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

/** What a key does on the console; null for keys it leaves alone. */
export function keyAction(event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>):
  | 'toggle' | 'switchSide' | 'prev' | 'next' | 'bell' | 'reset' | 'plus' | 'minus' | 'fullscreen' | 'help' | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  switch (event.key) {
    case ' ':
    case 'Spacebar':
      return 'toggle';
    case 'Tab':
      // Shift+Tab still moves focus backwards, so keyboard users are never trapped.
      return event.shiftKey ? null : 'switchSide';
    case 'ArrowLeft':
      return 'prev';
    case 'ArrowRight':
      return 'next';
    case 'b':
    case 'B':
      return 'bell';
    case 'r':
    case 'R':
      return 'reset';
    case '+':
    case '=':
      return 'plus';
    case '-':
    case '_':
    case '−':
      return 'minus';
    case 'f':
    case 'F':
      return 'fullscreen';
    case '?':
    case '？':
      return 'help';
    default:
      return null;
  }
}

/**
 * The console's keyboard: Space start/pause, Tab switch side, ←/→ stages, B bell, R reset,
 * +/− 10 s, F fullscreen preview, ? help. Ignored while typing and while a dialog is open.
 */
export function useConsoleKeyboard(options: { enabled: boolean; actions: ConsoleActions; onFullscreen: () => void; onHelp: () => void }) {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    let swallowSpaceUp = false;
    const onKeyDown = (event: KeyboardEvent) => {
      const { enabled, actions, onFullscreen, onHelp } = latest.current;
      if (!enabled || event.defaultPrevented || isTyping(event.target) || document.querySelector('dialog[open]')) return;
      const action = keyAction(event);
      if (!action) return;
      event.preventDefault();
      if (action === 'toggle') swallowSpaceUp = true;
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
        case 'help':
          onHelp();
          break;
      }
    };
    // A focused button would also "click" on Space's keyup: swallow it when we handled the keydown.
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
