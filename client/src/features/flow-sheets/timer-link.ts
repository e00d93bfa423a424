/**
 * A timer as someone pastes it into the flow form: its id or short id, or a link to it
 * (`…/timer/<id>#view=<key>`, `…/id/<shortid>#view=<key>`, `…/timer/manage/<shortid>`). A private timer's link carries its
 * view key, which the hub asks for before it binds a flow to the timer.
 */
export function parseTimerInput(text: string): { timerId: string; viewKey?: string } | null {
  const value = text.trim();
  if (/^[\w-]{1,64}$/.test(value)) return { timerId: value };
  let url: URL;
  try {
    url = new URL(value, 'https://bianshi.invalid');
  } catch {
    return null;
  }
  const parts = url.pathname.split('/').filter(Boolean);
  const at = parts.findIndex((part) => part === 'timer' || part === 'id');
  // The console's link (`/timer/manage/<shortid>`) names the timer after `manage`.
  const segment = at < 0 ? '' : parts[at + 1] === 'manage' ? parts[at + 2] : parts[at + 1];
  const timerId = safeDecode(segment ?? '');
  if (!/^[\w-]{1,64}$/.test(timerId)) return null;
  const viewKey = new URLSearchParams(url.hash.slice(1)).get('view');
  return viewKey ? { timerId, viewKey } : { timerId };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}
