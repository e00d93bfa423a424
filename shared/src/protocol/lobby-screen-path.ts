/**
 * A lobby screen's address, `/lobby/:id` (not the lobby list, `/lobby`). The hub serves the
 * audience's own page (`lobby-screen.html`) for it to a browser that is neither signed in nor the
 * lobby's organizer, and the page reads its lobby from it. Organizers get the site's page, with
 * the console. No schema library: the audience page must stay small.
 */
export const LOBBY_SCREEN_PATH = /^\/lobby\/([^/]+)\/?$/;

/** The lobby a lobby screen's path names; null when the path is not one. */
export function lobbyScreenIdOf(pathname: string): string | null {
  const [, id] = LOBBY_SCREEN_PATH.exec(pathname) ?? [];
  if (!id) return null;
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

/** `?as=display`: an organizer's browser as a plain projector screen (the audience's page). */
export const LOBBY_SCREEN_AS_DISPLAY = 'display';
