import type { PeerLink } from '@bianshi/shared';
import { fallback as fallbackText } from '../../i18n/zh-CN/fallback';
import type { FallbackView } from '../../lib/realtime/timer';

const t = fallbackText;

/** Badge text and hint of a screen following the fallback channel, or null while it is not. */
export function fallbackBadge(
  view: FallbackView | null,
): { text: string; hint: string; kind: 'joining' | 'hub' | 'console' } | null {
  if (!view) return null;
  if (view.phase === 'joining') return { text: t.badge.joining, hint: t.hint.joining, kind: 'joining' };
  if (view.source === 'console') return { text: t.badge.console, hint: t.hint.console, kind: 'console' };
  return { text: t.badge.following, hint: t.hint.following, kind: 'hub' };
}

/** Badge text and hint of a screen whose hub cannot reach the other hubs as it should, or null while it can. */
export function peersBadge(peers: PeerLink | null): { text: string; hint: string; kind: PeerLink } | null {
  return peers ? { ...t.peers[peers], kind: peers } : null;
}
