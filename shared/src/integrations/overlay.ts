/**
 * The livestream overlay (OBS browser source): `/timer/:id/overlay` and `/lobby/:id/overlay`
 * (the lobby's featured match), with a transparent background, laid out by query parameters.
 * Pure: the hub picks the page by the path, the client reads the same parameters.
 */

/** The overlay's addresses; the hub serves them `overlay.html`. */
export const OVERLAY_PATH = /^\/(timer|lobby)\/(?!manage\/|invite\/)([^/]+)\/overlay\/?$/;

/** The layouts: a clock in a corner, a lower third, or the full clock with speaker and topic. */
export const OVERLAY_LAYOUTS = ['corner', 'lower-third', 'full'] as const;
export type OverlayLayout = (typeof OVERLAY_LAYOUTS)[number];
/** Corners for the `corner` layout: top-left, top-right, bottom-left, bottom-right. */
export const OVERLAY_CORNERS = ['tl', 'tr', 'bl', 'br'] as const;
export type OverlayCorner = (typeof OVERLAY_CORNERS)[number];

/** What an overlay address asks for. */
export interface OverlayAddress {
  kind: 'timer' | 'lobby';
  id: string;
  layout: OverlayLayout;
  corner: OverlayCorner;
  /** Size factor, 0.5–2. */
  scale: number;
  /** Opacity of the panel behind the text, 0 (none) – 1. */
  panel: number;
  /** A private timer's view key (`key`), or a private lobby's join token (`token`). */
  key?: string;
  token?: string;
}

const KEY = /^[A-Za-z0-9_-]{1,200}$/;

function clamp(value: string | null, min: number, max: number, fallback: number): number {
  const number = value === null ? Number.NaN : Number(value);
  return Number.isFinite(number) ? Math.min(max, Math.max(min, number)) : fallback;
}

/** The overlay an address names, with defaults for what it leaves out; null when the path is not an overlay's. */
export function overlayAddressOf(pathname: string, search: URLSearchParams): OverlayAddress | null {
  const match = OVERLAY_PATH.exec(pathname);
  if (!match) return null;
  let id = match[2]!;
  try {
    id = decodeURIComponent(id);
  } catch {
    // keep it as written
  }
  const layout = OVERLAY_LAYOUTS.find((value) => value === search.get('layout')) ?? 'corner';
  const corner = OVERLAY_CORNERS.find((value) => value === search.get('corner')) ?? 'tr';
  const key = search.get('key');
  const token = search.get('token');
  return {
    kind: match[1] === 'lobby' ? 'lobby' : 'timer',
    id,
    layout,
    corner,
    scale: clamp(search.get('scale'), 0.5, 2, 1),
    panel: clamp(search.get('panel'), 0, 1, 0.72),
    ...(key && KEY.test(key) ? { key } : {}),
    ...(token && KEY.test(token) ? { token } : {}),
  };
}

/** The address of an overlay with these choices (the console's copyable URL); defaults are left out. */
export function overlayPath(
  kind: 'timer' | 'lobby',
  id: string,
  choices: Partial<Omit<OverlayAddress, 'kind' | 'id'>> = {},
): string {
  const params = new URLSearchParams();
  if (choices.layout && choices.layout !== 'corner') params.set('layout', choices.layout);
  if (choices.corner && choices.corner !== 'tr' && (choices.layout ?? 'corner') === 'corner')
    params.set('corner', choices.corner);
  if (choices.scale !== undefined && choices.scale !== 1) params.set('scale', String(choices.scale));
  if (choices.panel !== undefined && choices.panel !== 0.72) params.set('panel', String(choices.panel));
  if (choices.key) params.set('key', choices.key);
  if (choices.token) params.set('token', choices.token);
  const query = params.toString();
  return `/${kind}/${encodeURIComponent(id)}/overlay${query ? `?${query}` : ''}`;
}
