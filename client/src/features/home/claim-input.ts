/**
 * What a pasted claim input names: a control link (`…/timer/manage/<shortid>#key=<key>`), a
 * display link (`…/timer/<id>`), a short link (`…/id/<shortid>`) or a bare short id.
 */
export function parseClaimInput(raw: string): { id: string; key: string | null } | null {
  const text = raw.trim();
  if (!text) return null;
  const key = /[#?&]key=([A-Za-z0-9_-]{16,200})/.exec(text)?.[1] ?? null;
  const path = text.replace(/^https?:\/\/[^/]+/i, '').split(/[?#]/)[0] ?? '';
  const fromPath = /^\/(?:timer\/manage|timer|id)\/([A-Za-z0-9_-]{4,64})/.exec(path)?.[1];
  const id = fromPath ?? (/^[A-Za-z0-9_-]{4,64}$/.test(text) ? text : null);
  return id ? { id, key } : null;
}
