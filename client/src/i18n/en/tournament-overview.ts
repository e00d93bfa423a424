/** English strings for the tab room's round overview; the same shape as zh-CN/tournament-overview.ts. */
import type { tournamentOverview as zh } from '../zh-CN/tournament-overview';
import type { Messages } from '../messages-type';
import { routes } from './routes';

export const tournamentOverview: Messages<typeof zh> = {
  title: routes.titles.worldcupOverview,
  loading: 'Loading the overview…',
  back: 'Back to admin',
  wall: 'Live wall',
  round: 'Round',
  noRounds: 'No rounds released yet; once one is, all its rooms are listed here.',
  notPublished: 'This round has not been released yet.',
  empty: 'No rooms match the filter.',
  offline: 'Disconnected, reconnecting…',
  counts: {
    live: 'Live {n}',
    finished: 'Finished {n}',
    scheduled: 'Not started {n}',
    missing: 'Ballots missing {n}',
    awaiting: 'Needs a decision {n}',
  },
  filter: {
    label: 'Filter',
    all: 'All rooms',
    live: 'Live',
    missing: 'Ballots missing',
    awaiting: 'Needs a decision',
    unconfirmed: 'Result not confirmed',
  },
  sort: {
    label: 'Sort',
    venue: 'By room',
    running: 'Live first',
    missing: 'Missing ballots first',
  },
  columns: {
    venue: 'Room',
    teams: 'Pairing',
    judges: 'Adjudicators',
    stage: 'Current stage',
    timeLeft: 'Time left',
    status: 'Status',
    ballots: 'Ballots',
    result: 'Result',
  },
  chair: 'Chair',
  noJudges: 'Unallocated',
  ballots: '{n}/{total}',
  awaiting: 'Needs a decision',
  pending: 'To be confirmed',
  winner: '{side} won {aff}:{neg}',
  sideName: { aff: 'Prop', neg: 'Opp' },
  noClock: '—',
  connecting: '…',
};
