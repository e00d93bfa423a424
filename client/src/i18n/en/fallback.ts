/** English strings for the realtime fallback on every screen; the same shape as zh-CN/fallback.ts. */
import type { fallback as zh } from '../zh-CN/fallback';
import type { Messages } from '../messages-type';

export const fallback: Messages<typeof zh> = {
  badge: {
    following: 'Backup channel',
    console: 'Backup channel · console offline',
    joining: 'Switching to the backup channel',
  },
  hint: {
    following: 'The server cannot be reached; syncing through the backup channel. The clock stays accurate.',
    console: 'The server cannot be reached; showing the state from the console’s offline actions.',
    joining:
      'The server cannot be reached; connecting to the backup channel. The clock keeps running from its last state.',
  },
  peers: {
    backup: {
      text: 'Sync between servers degraded',
      hint: 'The message channel between servers is down; debate changes sync through the database and may lag a little. The online count covers this server only.',
    },
    unreachable: {
      text: 'Lost contact with other servers',
      hint: 'Lost contact with the other servers; times may drift and are corrected once contact is back.',
    },
  },
};
