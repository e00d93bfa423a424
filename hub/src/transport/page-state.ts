/**
 * A screen's first state inside its page. `/timer/:id` answers `display.html` with the timer's
 * snapshot, and `/lobby/:id` answers `lobby-screen.html` with the lobby's (each the same
 * snapshot its watch sends first over the socket), in an inert JSON block. The screen draws
 * after one round trip instead of three (the page, then the socket's handshake and upgrade,
 * then the subscription's answer). The socket still opens and takes over with its own snapshot.
 *
 * Only what the address alone may watch is embedded, checked as the watch checks it: a public
 * timer, or a private one whose view key is in the address (`?key=`; a `#view=` key never
 * reaches the hub); a lobby the address's join link (`?t=`) or judge key (`?judge=`) opens.
 * Cookies are not consulted. A lookup that fails or is slow sends the page without a state.
 */
import { EMBEDDED_STATE_ID } from '@bianshi/shared';
import type { AppPage } from './static';

/** A lookup slower than this sends the page without its state: the socket brings it anyway. */
export const EMBED_TIMEOUT_MS = 200;

/** The snapshot a page's screen would get first over its socket, as JSON; null when there is none to embed. */
export type PageStateLookup = (page: AppPage, url: URL) => Promise<string | null>;

/** Each page's snapshot of its address (timers/timer-page-state.ts, lobbies/lobby-page-state.ts). */
export type PageSnapshots = Partial<Record<AppPage, (url: URL) => Promise<string | null>>>;

/** The lookup of `snapshots`, each given at most `timeoutMs`; a failure or a late one is no state. */
export function createPageStateLookup(
  snapshots: PageSnapshots,
  timeoutMs: number = EMBED_TIMEOUT_MS,
): PageStateLookup {
  return (page, url) => {
    const lookup = snapshots[page];
    if (!lookup) return Promise.resolve(null);
    let timeout: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timeout = setTimeout(() => resolve(null), timeoutMs);
    });
    return Promise.race([lookup(url).catch(() => null), late]).finally(() => clearTimeout(timeout));
  };
}

/**
 * The page with the snapshot and the hub's clock at sending (from which the page takes its first
 * clock offset, against its own request's timing) before `</body>`. `<` is escaped, so no text
 * in the state can end the block.
 */
export function embedState(html: string, snapshotJson: string, serverNow: number): string {
  const block = `{"serverNow":${serverNow},"watch":${snapshotJson}}`.replace(/</g, '\\u003c');
  const script = `<script type="application/json" id="${EMBEDDED_STATE_ID}">${block}</script>`;
  const at = html.lastIndexOf('</body>');
  return at === -1 ? html + script : `${html.slice(0, at)}${script}\n  ${html.slice(at)}`;
}
