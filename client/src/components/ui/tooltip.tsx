import {
  cloneElement,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import type { FocusEvent, HTMLAttributes, PointerEvent, ReactElement, ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Hover/focus this long before a tooltip opens. */
export const TOOLTIP_DELAY_MS = 700;
/** A tooltip opened within this long after another closed opens at once (moving along a toolbar). */
export const TOOLTIP_SKIP_DELAY_MS = 300;

interface TooltipTiming {
  delayMs: number;
  skipDelayMs: number;
  /** When the last tooltip closed (performance.now()), shared by every tooltip below the provider. */
  lastClosedAt: { current: number };
}

const TooltipContext = createContext<TooltipTiming>({
  delayMs: TOOLTIP_DELAY_MS,
  skipDelayMs: TOOLTIP_SKIP_DELAY_MS,
  lastClosedAt: { current: -Infinity },
});

/** Shares delay and skip-delay between tooltips. Mount once near the root. */
export function TooltipProvider({
  children,
  delayMs = TOOLTIP_DELAY_MS,
  skipDelayMs = TOOLTIP_SKIP_DELAY_MS,
}: {
  children: ReactNode;
  delayMs?: number;
  skipDelayMs?: number;
}) {
  const lastClosedAt = useRef(-Infinity);
  return <TooltipContext value={{ delayMs, skipDelayMs, lastClosedAt }}>{children}</TooltipContext>;
}

type TriggerProps = HTMLAttributes<HTMLElement>;

/** A text tooltip for one focusable child (shown on hover and keyboard focus, hidden on Escape). */
export function Tooltip({
  content,
  children,
  side = 'bottom',
}: {
  content: ReactNode;
  children: ReactElement<TriggerProps>;
  side?: 'top' | 'bottom';
}) {
  const timing = useContext(TooltipContext);
  const id = useId();
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const clear = () => window.clearTimeout(timer.current);
  const open = (target: HTMLElement) => {
    clear();
    const show = () => setAnchor(target.getBoundingClientRect());
    if (performance.now() - timing.lastClosedAt.current < timing.skipDelayMs) show();
    else timer.current = window.setTimeout(show, timing.delayMs);
  };
  const close = useCallback(() => {
    window.clearTimeout(timer.current);
    setAnchor((current) => {
      if (current) timing.lastClosedAt.current = performance.now();
      return null;
    });
  }, [timing]);

  useEffect(() => {
    if (!anchor) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', close, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', close, true);
    };
  }, [anchor, close]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const props = children.props;
  const trigger = cloneElement(children, {
    'aria-describedby': anchor ? id : props['aria-describedby'],
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      props.onPointerEnter?.(event);
      if (event.pointerType !== 'touch') open(event.currentTarget);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      props.onPointerLeave?.(event);
      close();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      props.onFocus?.(event);
      if (event.currentTarget.matches(':focus-visible')) open(event.currentTarget);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      props.onBlur?.(event);
      close();
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      props.onPointerDown?.(event);
      close();
    },
  });

  const below = !anchor
    ? side === 'bottom'
    : side === 'bottom'
      ? anchor.bottom + 40 < window.innerHeight
      : anchor.top < 40;
  return (
    <>
      {trigger}
      {anchor &&
        createPortal(
          <div
            role="tooltip"
            id={id}
            className="tooltip"
            data-side={below ? 'bottom' : 'top'}
            style={{
              left: Math.min(Math.max(anchor.left + anchor.width / 2, 60), window.innerWidth - 60),
              top: below ? anchor.bottom + 8 : anchor.top - 8,
            }}
          >
            {content}
          </div>,
          document.body,
        )}
    </>
  );
}
