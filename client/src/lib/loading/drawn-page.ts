/**
 * A page the hub sent drawn (client/build/draw-pages-plugin.ts) can be read, scrolled and typed
 * into before the app has loaded. What the visitor does there must not be lost when the app
 * replaces the drawn elements with its own: this keeps what was typed, ticked and focused, and the
 * clicks and submits the drawn page could not act on, and hands them to the app's elements once
 * they are in, matched by their place among the page's controls (the drawn page and the app's
 * first render have the same elements).
 */

/** What a visitor can use on the page, in document order. */
export const DRAWN_CONTROLS = 'input, textarea, select, button, [role="tab"], [role="button"]';
/** What a click is kept for: a drawn button does nothing (or submits its form natively). */
export const DRAWN_CLICKABLE = 'button, [role="tab"], [role="button"]';
/**
 * The window property where index.html's inline script (client/build/drawn-input-plugin.ts)
 * queues the clicks and submits it stopped on the drawn page.
 */
export const DRAWN_INPUT_QUEUE = '__bsDrawnInput';

/** A click on the control at `index` among {@link DRAWN_CONTROLS}, or a submit of the form at `index`. */
export interface DrawnAction {
  kind: 'click' | 'submit';
  index: number;
}

/**
 * Hands what the visitor did on the drawn page in `root` to the app's elements once React has
 * replaced them (the `<!--bs-drawn-->` mark leaves the root): typed values, ticks, focus, and the
 * clicks and submits the inline script queued.
 */
export function keepDrawnPageInput(root: HTMLElement): void {
  const drawnControls = [...root.querySelectorAll<HTMLElement>(DRAWN_CONTROLS)];
  const mark = root.firstChild;
  // Kept as it moves: when the drawn elements are replaced, the focused one has left the document
  // and the browser's active element is the body. Chromium fires `focusout` as it removes the
  // element, with the element still in the document: only a blur after which the element is still
  // there (checked once the removal, if any, has been handed over) means the visitor left it.
  let focused: Element | null = document.activeElement;
  const onFocusIn = (event: FocusEvent) => (focused = event.target as Element);
  const onFocusOut = (event: FocusEvent) => {
    const target = event.target as Element;
    setTimeout(() => {
      if (focused === target && target.isConnected && document.activeElement !== target) focused = null;
    }, 0);
  };
  document.addEventListener('focusin', onFocusIn, true);
  document.addEventListener('focusout', onFocusOut, true);
  const observer = new MutationObserver(() => {
    if (mark && root.contains(mark)) return;
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn, true);
    document.removeEventListener('focusout', onFocusOut, true);
    const queued = (window as unknown as Record<string, DrawnAction[] | undefined>)[DRAWN_INPUT_QUEUE] ?? [];
    handOver(root, drawnControls, focused, queued.splice(0));
  });
  observer.observe(root, { childList: true });
}

function handOver(
  root: HTMLElement,
  drawnControls: HTMLElement[],
  focused: Element | null,
  pending: DrawnAction[],
): void {
  const controls = [...root.querySelectorAll<HTMLElement>(DRAWN_CONTROLS)];
  const forms = [...root.querySelectorAll('form')];
  const counterpart = (index: number): HTMLElement | undefined => {
    const before = drawnControls[index];
    const after = controls[index];
    return before &&
      after &&
      before.tagName === after.tagName &&
      before.getAttribute('type') === after.getAttribute('type')
      ? after
      : undefined;
  };
  drawnControls.forEach((before, index) => {
    const after = counterpart(index);
    if (!after) return;
    if (before instanceof HTMLInputElement && (before.type === 'checkbox' || before.type === 'radio')) {
      if (
        before.checked !== before.defaultChecked &&
        after instanceof HTMLInputElement &&
        after.checked !== before.checked
      )
        after.click();
    } else if (before instanceof HTMLInputElement || before instanceof HTMLTextAreaElement) {
      if (before.value !== before.defaultValue)
        setValue(after as HTMLInputElement | HTMLTextAreaElement, before.value, 'input');
    } else if (
      before instanceof HTMLSelectElement &&
      after instanceof HTMLSelectElement &&
      before.value !== after.value
    ) {
      setValue(after, before.value, 'change');
    }
  });
  const focusIndex = focused instanceof HTMLElement ? drawnControls.indexOf(focused) : -1;
  const toFocus = focusIndex >= 0 ? counterpart(focusIndex) : undefined;
  if (toFocus) {
    toFocus.focus({ preventScroll: true });
    if (
      (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement) &&
      (toFocus instanceof HTMLInputElement || toFocus instanceof HTMLTextAreaElement)
    ) {
      try {
        toFocus.setSelectionRange(focused.selectionStart, focused.selectionEnd);
      } catch {
        // Inputs without a caret (number, email) keep the browser's.
      }
    }
  }
  if (pending.length === 0) return;
  // After React has rendered the values above (it flushes their updates in a microtask): a submit
  // handler called at once would still see the empty fields.
  setTimeout(() => {
    for (const action of pending) {
      if (action.kind === 'click') counterpart(action.index)?.click();
      else forms[action.index]?.requestSubmit();
    }
  }, 0);
}

/**
 * Sets a control's value the way typing does, so React's change handler sees it: through the
 * element's own value setter (React tracks the property), then the event a visitor's edit fires.
 */
function setValue(
  element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
  value: string,
  event: 'input' | 'change',
): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, 'value')?.set;
  if (setter) setter.call(element, value);
  else element.value = value;
  element.dispatchEvent(new Event(event, { bubbles: true }));
}
