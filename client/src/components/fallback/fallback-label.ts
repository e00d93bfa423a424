import { fallback as fallbackText } from '../../i18n/zh-CN/fallback';
import type { FallbackView } from '../../lib/timer-sync';

const t = fallbackText;

/** Badge text and hint of a screen following the fallback channel, or null while it is not. */
export function fallbackBadge(view: FallbackView | null): { text: string; hint: string; kind: 'joining' | 'hub' | 'console' } | null {
  if (!view) return null;
  if (view.phase === 'joining') return { text: t.badge.joining, hint: t.hint.joining, kind: 'joining' };
  if (view.source === 'console') return { text: t.badge.console, hint: t.hint.console, kind: 'console' };
  return { text: t.badge.following, hint: t.hint.following, kind: 'hub' };
}
