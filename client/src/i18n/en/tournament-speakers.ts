/** English strings for the speaker tab; the same shape as zh-CN/tournament-speakers.ts. */
import type { speakerTab as zh } from '../zh-CN/tournament-speakers';
import type { Messages } from '../messages-type';

export const speakerTab: Messages<typeof zh> = {
  tab: 'Speaker tab',
  lead: 'Speaker scores from the confirmed debates of the preliminary rounds, ranked by total, then average, then standard deviation (lower is steadier); exact ties share a rank.',
  staffOnly: 'Until the tournament ends only staff can see the speaker tab; then it is public.',
  all: 'All speakers',
  empty: 'No confirmed speaker scores yet.',
  rank: 'Rank',
  speaker: 'Speaker',
  team: 'Team',
  school: 'Institution',
  total: 'Total',
  average: 'Average',
  stdev: 'Std dev',
  tied: 'Tied',
  none: '—',
};
