import { forwardRef, useEffect, useRef, type ComponentProps } from 'react';
import { Link, NavLink } from 'react-router';
import { prefetchRoute, prefetchRouteWhenSettled } from '../../lib/loading/prefetch';

/**
 * Prefetches `to` (a path string) once the element is in view and the page has settled; the
 * caller adds hover and focus, which prefetch at once.
 */
function usePrefetchInView(to: ComponentProps<typeof Link>['to']) {
  const ref = useRef<HTMLAnchorElement | null>(null);
  const path = typeof to === 'string' ? to : (to.pathname ?? '');
  useEffect(() => {
    const element = ref.current;
    if (!element || !path || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        prefetchRouteWhenSettled(path);
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [path]);
  return { ref, prefetch: () => path && prefetchRoute(path) };
}

function mergeRefs<T>(...refs: (React.Ref<T> | undefined)[]) {
  return (value: T | null) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(value);
      else if (ref) (ref as React.RefObject<T | null>).current = value;
    }
  };
}

/** A router `Link` that prefetches its route's chunks in view, on hover and on focus (SPEC §9). */
export const PrefetchLink = forwardRef<HTMLAnchorElement, ComponentProps<typeof Link>>(function PrefetchLink(
  { onMouseEnter, onFocus, ...props },
  forwarded,
) {
  const { ref, prefetch } = usePrefetchInView(props.to);
  return (
    <Link
      {...props}
      ref={mergeRefs(ref, forwarded)}
      onMouseEnter={(event) => {
        prefetch();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        prefetch();
        onFocus?.(event);
      }}
    />
  );
});

/** A router `NavLink` that prefetches like {@link PrefetchLink}. */
export const PrefetchNavLink = forwardRef<HTMLAnchorElement, ComponentProps<typeof NavLink>>(
  function PrefetchNavLink({ onMouseEnter, onFocus, ...props }, forwarded) {
    const { ref, prefetch } = usePrefetchInView(props.to);
    return (
      <NavLink
        {...props}
        ref={mergeRefs(ref, forwarded)}
        onMouseEnter={(event) => {
          prefetch();
          onMouseEnter?.(event);
        }}
        onFocus={(event) => {
          prefetch();
          onFocus?.(event);
        }}
      />
    );
  },
);
