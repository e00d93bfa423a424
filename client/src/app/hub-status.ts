/**
 * The hub answers an address with no page behind it (unknown, or a timer, lobby, topic, record
 * or invite that does not exist) with 404 and marks the page (hub/src/transport/static.ts,
 * `NOT_FOUND_MARK`). The app then shows its 404 page at that address, whatever route matches it,
 * until the person goes elsewhere.
 */

/** The address the hub said has no page, or null. Read once: the mark is for the first page only. */
export const notFoundPath: string | null = (() => {
  if (typeof document === 'undefined') return null;
  const mark = document.querySelector('meta[name="bianshi-status"]');
  return mark?.getAttribute('content') === '404' ? mark.getAttribute('data-path') : null;
})();

/** Whether the hub said `pathname` has no page. */
export function hubSaysNotFound(pathname: string): boolean {
  return notFoundPath !== null && notFoundPath === pathname;
}
