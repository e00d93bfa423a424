/** English strings for the console's realtime fallback; the same shape as zh-CN/fallback-console.ts. */
import type { fallbackConsole as zh } from '../zh-CN/fallback-console';
import type { Messages } from '../messages-type';

export const fallbackConsole: Messages<typeof zh> = {
  badge: {
    authority: 'Backup channel · this console in control',
    replaying: 'Syncing offline actions',
    conflict: 'Offline actions need confirming',
  },
  hint: {
    authority:
      'The server cannot be reached. This console stays in control; its actions reach the screens through the backup channel and go to the server once the connection is back.',
    unsigned:
      'The server cannot be reached. This console stays in control, but it has no valid backup-channel signature (not granted or expired), so screens will not show its offline actions; they go to the server once the connection is back.',
  },
  unsigned: 'Screens not following',
  pending: '{count} offline actions waiting to sync',
  synced: 'Offline actions synced',
  keptServer: 'Kept the server’s state; offline actions discarded',
  forced: 'Kept this console’s state; offline actions sent to the server',
  invalidCommand: 'Invalid action',
  tooMany: 'Too many offline actions (500 at most); please wait for the connection',
  busyReplaying: 'Syncing offline actions, please wait',
  busyConflict: 'Please choose which state to keep first',
  conflict: {
    title: 'The server’s state changed while offline',
    body: 'While disconnected, this console made {count} changes; meanwhile the debate on the server changed too (another console may be in control). Choose which to keep:',
    reason: 'Server says: {message}',
    keepServer: 'Keep the server’s state',
    keepServerHint: 'Discard this console’s offline actions; screens show the server’s state',
    keepLocal: 'Keep this console’s',
    keepLocalHint: 'Replay this console’s offline actions on top of the server’s current state',
  },
};
