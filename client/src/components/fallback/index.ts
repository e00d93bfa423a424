/** UI of the Supabase realtime fallback: badge texts for screens, the console's authority bar and conflict dialog. */
export { fallbackBadge, peersBadge } from './fallback-label';
export { FallbackConsoleBar } from './fallback-console-bar';
