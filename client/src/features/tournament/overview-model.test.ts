import type { FixtureStatus, TournamentFixture, TournamentRound } from '@bianshi/shared';
import { describe, expect, it } from 'vitest';
import { arrangeRows, overviewCounts, overviewRound, overviewRow } from './overview-model';

function fixture(id: string, venue: string, patch: Partial<TournamentFixture> = {}): TournamentFixture {
  return {
    id,
    roundId: 'r',
    poolId: null,
    bracketNodeId: null,
    affTeamId: null,
    negTeamId: null,
    sidesDrawn: true,
    bracket: null,
    pullups: [],
    venue,
    judgeIds: ['j1', 'j2', 'j3'],
    traineeIds: [],
    startsAt: null,
    timerId: `timer-${id}`,
    timerShortid: null,
    status: 'scheduled',
    topic: {
      set: false,
      topicId: null,
      text: null,
      affText: '',
      negText: '',
      releaseAt: null,
      released: false,
    },
    motionId: null,
    ballotsIn: 0,
    ballotTally: null,
    result: null,
    ...patch,
  };
}

const tally = (awaitingDecision: boolean) => ({
  votes: { aff: 2, neg: 1 },
  winner: 'aff' as const,
  speakerPoints: null,
  bestDebater: null,
  castingVote: false,
  awaitingDecision,
});
const confirmed = {
  winner: 'aff' as const,
  winnerTeamId: null,
  votes: { aff: 3, neg: 0 },
  bestDebater: null,
  speakerPoints: null,
  confirmed: true,
  confirmedBy: 'auto',
  confirmedAt: 1,
  version: 1,
};

describe('overviewRow', () => {
  it.each<
    [string, Partial<TournamentFixture>, FixtureStatus, boolean, { missing: boolean; awaiting: boolean }]
  >([
    ['still debating: not missing its ballots', {}, 'live', false, { missing: false, awaiting: false }],
    ['speeches over, none in', {}, 'live', true, { missing: true, awaiting: false }],
    ['speeches over, two of three in', { ballotsIn: 2 }, 'live', true, { missing: true, awaiting: false }],
    ['every ballot in', { ballotsIn: 3 }, 'finished', true, { missing: false, awaiting: false }],
    [
      'every ballot in, 2:1',
      { ballotsIn: 3, ballotTally: tally(true) },
      'live',
      true,
      { missing: false, awaiting: true },
    ],
    [
      'confirmed by hand before the ballots',
      { ballotsIn: 1, result: confirmed },
      'finished',
      true,
      { missing: false, awaiting: false },
    ],
    ['no judges', { judgeIds: [] }, 'finished', true, { missing: false, awaiting: false }],
  ])('%s', (_, patch, status, open, expected) => {
    expect(overviewRow(fixture('f', '会场1', patch), status, open)).toMatchObject(expected);
  });
});

describe('counts, filters and orders', () => {
  const rows = [
    overviewRow(fixture('a', '会场10'), 'live', false),
    overviewRow(fixture('b', '会场2', { ballotsIn: 2 }), 'live', true),
    overviewRow(fixture('c', '会场3', { ballotsIn: 3, ballotTally: tally(true) }), 'live', true),
    overviewRow(fixture('d', '会场1', { ballotsIn: 3, result: confirmed }), 'finished', true),
    overviewRow(fixture('e', '会场4'), 'scheduled', false),
    overviewRow(fixture('f', '会场5'), 'finished', true),
  ];
  const ids = (list: { fixture: { id: string } }[]) => list.map((row) => row.fixture.id);

  it('counts rooms by status, missing ballots and awaiting a decision', () => {
    expect(overviewCounts(rows)).toEqual({
      total: 6,
      scheduled: 1,
      live: 3,
      finished: 2,
      missing: 2,
      awaiting: 1,
    });
  });

  it.each([
    ['all', 'venue', ['d', 'b', 'c', 'e', 'f', 'a']],
    ['all', 'running', ['b', 'c', 'a', 'e', 'd', 'f']],
    // Awaiting a decision, then the most ballots missing, then by status and venue.
    ['all', 'missing', ['c', 'f', 'b', 'a', 'e', 'd']],
    ['live', 'venue', ['b', 'c', 'a']],
    ['missing', 'venue', ['b', 'f']],
    ['awaiting', 'venue', ['c']],
    ['unconfirmed', 'venue', ['b', 'c', 'e', 'f', 'a']],
  ] as const)('%s by %s', (filter, sort, expected) => {
    expect(ids(arrangeRows(rows, filter, sort))).toEqual(expected);
  });
});

describe('overviewRound', () => {
  const round = (id: string, stageId: string, number: number, status: TournamentRound['status']) =>
    ({ id, stageId, number, status }) as TournamentRound;
  const view = {
    stages: [
      { id: 'ko', position: 2 },
      { id: 'swiss', position: 1 },
    ] as never,
    rounds: [
      round('k1', 'ko', 1, 'draft'),
      round('s2', 'swiss', 2, 'published'),
      round('s1', 'swiss', 1, 'published'),
    ],
  };

  it('takes the round asked for, else the latest published one', () => {
    expect(overviewRound(view, 'k1')?.id).toBe('k1');
    expect(overviewRound(view, undefined)?.id).toBe('s2');
    expect(overviewRound(view, 'nope')).toBeNull();
    expect(overviewRound({ ...view, rounds: [] }, undefined)).toBeNull();
  });
});
