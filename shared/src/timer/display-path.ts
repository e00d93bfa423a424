/**
 * The projector display's addresses: `/timer/:id` and `/timer/:id/:matchid`, but not the
 * console (`/timer/manage/…`) or an invitation (`/timer/invite/…`). The hub serves these paths
 * the display's own page (`display.html`), the page reads its timer from them, and the service
 * worker (client/public/sw.js, plain JS) keeps a copy of this pattern for its offline shells.
 */
export const DISPLAY_PATH = /^\/timer\/(?!manage\/|invite\/|manage$|invite$)([^/]+)(?:\/([^/]+))?\/?$/;

/** The timer (and match) a display path names; null when the path is not a display's. */
export function displayPathParts(pathname: string): { id: string; matchid?: string } | null {
  const match = DISPLAY_PATH.exec(pathname);
  const [, id, matchid] = match ?? [];
  if (!id) return null;
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  };
  return { id: decode(id), ...(matchid ? { matchid: decode(matchid) } : {}) };
}
