/** English strings for British Parliamentary rooms; the same shape as zh-CN/tournament-bp.ts. */
import type { tournamentBp as zh } from '../zh-CN/tournament-bp';
import type { Messages } from '../messages-type';

export const tournamentBp: Messages<typeof zh> = {
  positions: { og: 'OG', oo: 'OO', cg: 'CG', co: 'CO' },
  positionNames: {
    og: 'Opening Government',
    oo: 'Opening Opposition',
    cg: 'Closing Government',
    co: 'Closing Opposition',
  },
  place: 'Place {n}',
  placePoints: 'Place {n} · {points} pts',
  teamPoints: 'Team points',
  firsts: 'Firsts',
  tieBreakOrder: 'Team points → speaker points',
  ranking: 'Ranking: {order}',
  ballot: {
    intro: 'BP: rank the four teams 1st to 4th and give the eight speakers their points ({min}–{max}).',
    chairOnly: 'In BP the chair submits one consensus ballot for the panel.',
    rank: 'Rank',
    rankPlaceholder: 'Choose a rank',
    speaker: '{position} speaker {n}',
    total: 'Total {total}',
  },
};
