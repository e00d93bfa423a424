/** English strings for Swiss rounds in the tournament console; the same shape as zh-CN/tournament-swiss.ts. */
import type { swiss as zh } from '../zh-CN/tournament-swiss';
import type { Messages } from '../messages-type';

export const swiss: Messages<typeof zh> = {
  modePools:
    'Round robin in groups: draw groups first, then every team meets the others in its group; all rounds are paired at once.',
  modeSwiss:
    'Swiss: draw one round at a time, paired randomly or by strength (teams on the same wins meet; an odd bracket pulls up a team from the one below).',
  swissTitle: 'Swiss rounds',
  addRound: 'Add a round',
  roundKind: 'Pairing method',
  kinds: { random: 'Random', power: 'Power-paired (by standings)' },
  roundNameLabel: 'Round name (optional)',
  roundNamePlaceholder: 'Default: Round N',
  roundAdded: 'Round added; draw it under “Rounds and results”',
  swissRounds: '{n} Swiss rounds so far; draw and release them one by one under “Rounds and results”.',
  breakSize: 'Teams breaking to the knockout',
  breakSizeInvalid: 'The number of breaking teams must be a whole number from 2 to 64',
  roundDraw: {
    pullup: 'Pull-up rule',
    pullups: {
      top: 'Top team of the bracket below',
      bottom: 'Bottom team of the bracket below',
      random: 'Random team of the bracket below',
      highestRanked: 'Highest-ranked of those pulled up least',
      lowestRanked: 'Lowest-ranked of those pulled up least',
    },
    seed: 'Draw seed',
    reroll: 'New seed',
    draw: 'Draw',
    redraw: 'Redraw',
    redrawConfirm: 'Redraw?',
    redrawConfirmBody:
      'This round’s pairings, rooms and adjudicator allocation are replaced by the new draw.',
    drawn: 'Drawn: {n} debates, seed {seed}',
    record: '{kind} · {pullup}seed {seed} · {by} · {at}',
    recordPullup: 'pull-up: {rule} · ',
    quality: '{repeats} repeat pairings, {clashes} same-institution pairings',
    qualityWarning: 'Some repeat or same-institution pairings could not be avoided: {detail}',
    hint: 'Power pairing puts teams on the same wins together by the confirmed standings, avoids rematches and same-institution pairings, and balances sides.',
    notYet: 'Not drawn yet.',
    bracket: '{n}-win bracket',
    pulledUp: 'Pulled up',
  },
  checkIn: {
    summary: 'Check-in: teams {teams}/{teamsTotal} present · adjudicators {judges}/{judgesTotal} present',
    lead: 'Untick absent teams and adjudicators: this round’s draw and automatic allocation leave them out. This cannot change once the round is released.',
    teams: 'Teams',
    judges: 'Adjudicators',
    filter: 'Filter by name',
    allPresent: 'All present',
    saved: 'Check-in updated',
  },
};
