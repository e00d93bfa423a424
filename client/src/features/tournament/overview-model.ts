/**
 * Pure readings of a round for the tab room's overview: which round to show, each room's
 * standing (status as its clock says, ballots in, 待收评分, 待裁定), the counts at the top, and
 * the filters and orders a tab director works with.
 */
import {
  isBpRoom,
  type FixtureStatus,
  type TournamentFixture,
  type TournamentRound,
  type TournamentView,
} from '@bianshi/shared';
import { locale } from '../../i18n/format';

/** Which rooms the overview lists. */
export type OverviewFilter = 'all' | 'live' | 'missing' | 'awaiting' | 'unconfirmed';
/** How the overview orders its rooms. */
export type OverviewSort = 'venue' | 'running' | 'missing';

export const OVERVIEW_FILTERS: readonly OverviewFilter[] = [
  'all',
  'live',
  'missing',
  'awaiting',
  'unconfirmed',
];
export const OVERVIEW_SORTS: readonly OverviewSort[] = ['venue', 'running', 'missing'];

/** One room of the round as the overview lists it. */
export interface OverviewRow {
  fixture: TournamentFixture;
  /** 未开始 / 进行中 / 已结束, as the room's clock says (the hub's status until its first frame). */
  status: FixtureStatus;
  /** The speeches are over (ballots open), the result is not confirmed, and a judge's ballot is not in. */
  missing: boolean;
  /** Every ballot is in, they disagree, and nobody has decided yet. */
  awaiting: boolean;
}

/** Counts of the round's rooms for the overview's header. */
export interface OverviewCounts {
  total: number;
  scheduled: number;
  live: number;
  finished: number;
  missing: number;
  awaiting: number;
}

/** The published rounds in the console's order (stage, then number). */
export function publishedRounds(view: Pick<TournamentView, 'stages' | 'rounds'>): TournamentRound[] {
  const position = new Map(view.stages.map((stage) => [stage.id, stage.position] as const));
  return view.rounds
    .filter((round) => round.status === 'published')
    .sort((a, b) => (position.get(a.stageId) ?? 0) - (position.get(b.stageId) ?? 0) || a.number - b.number);
}

/** The round asked for by id, else the latest published one (null when none is published). */
export function overviewRound(
  view: Pick<TournamentView, 'stages' | 'rounds'>,
  roundId: string | undefined,
): TournamentRound | null {
  if (roundId) return view.rounds.find((round) => round.id === roundId) ?? null;
  return publishedRounds(view).at(-1) ?? null;
}

/** Ballots a room takes: one per judge, or in a BP room (four teams) the chair's one. */
export function ballotsExpected(fixture: TournamentFixture): number {
  const bp = isBpRoom(fixture);
  return bp ? Math.min(1, fixture.judgeIds.length) : fixture.judgeIds.length;
}

/**
 * A room's row, given its status as its clock says and whether its ballots are open (the clock
 * past the last speech, or the match over): a room still debating is not missing its ballots.
 */
export function overviewRow(
  fixture: TournamentFixture,
  status: FixtureStatus,
  ballotsOpen: boolean,
): OverviewRow {
  const confirmed = fixture.result?.confirmed ?? false;
  return {
    fixture,
    status,
    missing: ballotsOpen && !confirmed && fixture.ballotsIn < ballotsExpected(fixture),
    awaiting: !confirmed && (fixture.ballotTally?.awaitingDecision ?? false),
  };
}

/** The header's counts. */
export function overviewCounts(rows: readonly OverviewRow[]): OverviewCounts {
  const counts: OverviewCounts = {
    total: rows.length,
    scheduled: 0,
    live: 0,
    finished: 0,
    missing: 0,
    awaiting: 0,
  };
  for (const row of rows) {
    counts[row.status] += 1;
    if (row.missing) counts.missing += 1;
    if (row.awaiting) counts.awaiting += 1;
  }
  return counts;
}

const FILTERS: Record<OverviewFilter, (row: OverviewRow) => boolean> = {
  all: () => true,
  live: (row) => row.status === 'live',
  missing: (row) => row.missing,
  awaiting: (row) => row.awaiting,
  unconfirmed: (row) => !row.fixture.result?.confirmed,
};

/** Still running first, then not started, then over. */
const STATUS_ORDER: Record<FixtureStatus, number> = { live: 0, scheduled: 1, finished: 2 };

/** Venues the way people number them: 会场2 before 会场10. */
let collator: Intl.Collator | null = null;
const byVenue = (a: OverviewRow, b: OverviewRow) =>
  (collator ??= new Intl.Collator(locale, { numeric: true })).compare(a.fixture.venue, b.fixture.venue);

/** Rooms needing the tab room's attention: a decision, then the most ballots missing. */
const needsBallots = (row: OverviewRow) =>
  row.awaiting ? -1 : row.missing ? row.fixture.ballotsIn / Math.max(1, ballotsExpected(row.fixture)) : 2;

const SORTS: Record<OverviewSort, (a: OverviewRow, b: OverviewRow) => number> = {
  venue: byVenue,
  running: (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || byVenue(a, b),
  missing: (a, b) =>
    needsBallots(a) - needsBallots(b) || STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || byVenue(a, b),
};

/** The rows `filter` keeps, in `sort`'s order. */
export function arrangeRows(
  rows: readonly OverviewRow[],
  filter: OverviewFilter,
  sort: OverviewSort,
): OverviewRow[] {
  return rows.filter(FILTERS[filter]).sort(SORTS[sort]);
}
