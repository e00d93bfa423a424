/** English strings for the BP knockout; the same shape as zh-CN/tournament-bp-knockout.ts. */
import type { tournamentBpKnockout as zh } from '../zh-CN/tournament-bp-knockout';
import type { Messages } from '../messages-type';

export const tournamentBpKnockout: Messages<typeof zh> = {
  empty: 'The BP knockout is drawn after the preliminary rounds: four teams a room, the top two advance.',
  rule: 'The top two of each room advance; the winner of the final is the champion.',
  champion: 'Champion',
  room: 'Room {n}',
  fromBreak:
    'The knockout is seeded from the “{name}” break ({n} teams, four a room: seeds 1, {a}, {b} and {n} together…).',
  breakSize: 'Teams breaking (4, 8, 16…)',
};
