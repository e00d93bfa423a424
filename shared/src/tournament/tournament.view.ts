/**
 * What the hub sends about a tournament: the page's tabs (赛程, 积分榜, 淘汰赛, 辩题, 参赛队伍,
 * 评委), the judge's ballot page, and lists. Plain data (superjson on the wire).
 */
import type { SideId } from '../formats/format.schema';
import type {
  BestDebaterVote,
  FixtureStatus,
  RoundStatus,
  TieBreak,
  TournamentFormat,
  TournamentRole,
  TournamentStageKind,
  TournamentVisibility,
} from './tournament.schema';
import type { RoundAbsent, RoundDrawKind, RoundDrawRecord } from './round-draw';
import type { BpRanking, BpScores } from './bp-rooms';

/** One line of the tournament list. */
export interface TournamentSummary {
  id: string;
  slug: string;
  name: string;
  season: string;
  visibility: TournamentVisibility;
  startDate: string | null;
  endDate: string | null;
  teamCount: number;
  /** Fixtures being played now. */
  liveFixtures: number;
  /** The champion is decided (the knockout final has a confirmed winner): listed as finished. */
  finished: boolean;
  /** The caller's staff role, if any. */
  myRole: TournamentRole | null;
}

/** A staff member. */
export interface TournamentOrganizer {
  userId: string;
  name: string;
  email: string;
  role: TournamentRole;
}

/**
 * A school as conflicts name it: a library school by id (`school:<id>`), or a typed school
 * name (`name:<normalized name>`) for teams from CSV.
 */
export interface TournamentSchoolRef {
  key: string;
  name: string;
}

/** A participating team. */
export interface TournamentTeam {
  id: string;
  name: string;
  /** The school's display name ('' when none). */
  school: string;
  /** The conflict key of the school ('' when none). */
  schoolKey: string;
  /** Library links, when imported from the library. */
  libraryTeamId: string | null;
  librarySchoolId: string | null;
  members: string[];
  seed: number | null;
  poolId: string | null;
}

/** A judge. `ballotToken` and `email` are sent to staff only (null for everyone else). */
export interface TournamentJudge {
  id: string;
  name: string;
  userId: string | null;
  email: string | null;
  /** Conflict school keys. */
  conflicts: string[];
  /** The private ballot token (`/worldcup/ballot/<token>`), staff only; null once revoked. */
  ballotToken: string | null;
  revoked: boolean;
}

/** A pool of a group stage. */
export interface TournamentPool {
  id: string;
  name: string;
  teamIds: string[];
}

/** How a group draw was made, recorded for anyone to check. */
export interface DrawRecord {
  method: 'generated' | 'manual';
  /** The PRNG seed (pools for generated draws, sides for both). */
  seed: string;
  at: number;
  byName: string;
}

/** A stage: the group stage (pools) or the knockout (bracket). */
export interface TournamentStage {
  id: string;
  kind: TournamentStageKind;
  name: string;
  position: number;
  pools: TournamentPool[];
  draw: DrawRecord | null;
  /** A knockout of one break category (ESL, 新生…); null for the group stage and the main knockout. */
  breakCategoryId: string | null;
  /** A knockout's bracket with winners applied (empty for the group stage and in BP). */
  bracket: BracketNode[];
  /** A knockout's champion once its final is decided, else null. */
  championTeamId: string | null;
}

/** A fixture's topic. `text` is null until released (staff see it before, with `released` false). */
export interface FixtureTopic {
  /** Whether a topic is chosen for the fixture (told to everyone; its text only once released). */
  set: boolean;
  topicId: string | null;
  text: string | null;
  affText: string;
  negText: string;
  releaseAt: number | null;
  released: boolean;
}

/** A confirmed or pending result of a fixture. */
export interface FixtureResult {
  winner: SideId;
  winnerTeamId: string | null;
  /** 票型. */
  votes: { aff: number; neg: number };
  bestDebater: (BestDebaterVote & { name: string }) | null;
  /** Speaker points per side (mean over the ballots that scored). */
  speakerPoints: { aff: number; neg: number } | null;
  /** BP rooms: each position's place (1–4); absent or null in two-team rooms. */
  ranking?: BpRanking | null;
  /** BP rooms: each position's two speakers' scores. */
  positionScores?: BpScores | null;
  confirmed: boolean;
  /** 'auto' when all ballots agreed, else the confirming organizer's name. */
  confirmedBy: string | null;
  confirmedAt: number | null;
  version: number;
}

/** What a result decides, as its history records it. */
export interface ResultValues {
  winner: SideId;
  votes: { aff: number; neg: number };
  bestDebater: BestDebaterVote | null;
  /** BP rooms: each position's place (1–4). */
  ranking?: BpRanking | null;
}

/** One change of a result (who, when, what). `before` is null for the first confirmation. */
export interface ResultHistoryEntry {
  at: number;
  byName: string;
  action: 'auto-confirmed' | 'confirmed' | 'edited';
  before: ResultValues | null;
  after: ResultValues;
  note: string;
}

/** One fixture (one match) of a round. */
export interface TournamentFixture {
  id: string;
  roundId: string;
  poolId: string | null;
  /** The bracket node it plays (knockout), else null. */
  bracketNodeId: string | null;
  /** 正方 (BP: opening government, OG). */
  affTeamId: string | null;
  /** 反方 (BP: opening opposition, OO). */
  negTeamId: string | null;
  /** BP rooms: closing government (CG) and closing opposition (CO); null in two-team rooms. */
  cgTeamId?: string | null;
  coTeamId?: string | null;
  /** True when sides were drawn (seeded), false when set by hand. */
  sidesDrawn: boolean;
  /** Power-paired rounds: the bracket (wins so far) the room was drawn in; null otherwise. */
  bracket: number | null;
  /** Power-paired rounds: the teams pulled up into the room. */
  pullups: string[];
  venue: string;
  /** The voting panel, the chair first (panels.ts). */
  judgeIds: string[];
  /** Trainees: in the room, no vote. */
  traineeIds: string[];
  startsAt: number | null;
  /** The timer (created on publish); its display is `/timer/<timerShortid>`. */
  timerId: string | null;
  timerShortid: string | null;
  status: FixtureStatus;
  /**
   * The room's topic: its own (from the topic library) or, without one, its round's motions
   * (the debated one once chosen, else all of them).
   */
  topic: FixtureTopic;
  /** Of a round with several motions, the one the room debated (null: not chosen, or not released). */
  motionId: string | null;
  /** Judges assigned / ballots received (counts; ballots themselves are staff-only). */
  ballotsIn: number;
  /**
   * What the ballots received say (staff only; null for the public or before any ballot):
   * votes, the majority (null on a split such as 1:1), averaged speaker points and the best
   * debater most voted. `awaitingDecision`: every ballot is in, they disagree, and no result is
   * confirmed yet (待裁定).
   */
  ballotTally: {
    votes: { aff: number; neg: number };
    winner: SideId | null;
    speakerPoints: { aff: number; neg: number } | null;
    bestDebater: BestDebaterVote | null;
    /** The votes are level and the chair's vote decides (the casting vote). */
    castingVote: boolean;
    awaitingDecision: boolean;
  } | null;
  result: FixtureResult | null;
}

/** A round's lobby: the live wall watches it through `lobby.watch` (one subscription for every fixture). */
export interface RoundLobby {
  id: string;
  code: string;
  /** The join token for a private lobby (staff only); null for public lobbies. */
  joinToken: string | null;
}

/** A motion of a round. The public sees a round's motions once released, staff always. */
export interface RoundMotion {
  id: string;
  /** Order within the round, from 1. */
  seq: number;
  /** Short name (a motion's theme: "经济", "Climate"); '' when none. */
  reference: string;
  text: string;
  /** What the teams read before the motion (Tabbycat's info slide); '' when none. */
  infoSlide: string;
  /** When it was released (ms); null while not. */
  releasedAt: number | null;
  released: boolean;
}

/** How a released motion fared: rooms decided on it, wins (two-team) or team points (BP) per position. */
export interface MotionStatsRow {
  motionId: string;
  roundId: string;
  reference: string;
  text: string;
  rooms: number;
  /** [正方, 反方] wins, or [OG, OO, CG, CO] points; empty when no room is decided yet. */
  positionPoints: number[];
  averages: number[];
}

/** A round of a stage. */
export interface TournamentRound {
  id: string;
  stageId: string;
  /** 1-based within the stage. */
  number: number;
  name: string;
  status: RoundStatus;
  publishedAt: number | null;
  /**
   * How the round is to be drawn when it is drawn on its own (random or power pairing, set when
   * it is added or imported); null for the group stage's round robin and the knockout.
   */
  drawKind: RoundDrawKind | null;
  /** How it was drawn, once drawn on its own. */
  draw: RoundDrawRecord | null;
  /** Teams and judges marked absent (staff only; empty lists for others). */
  absent: RoundAbsent;
  lobby: RoundLobby | null;
  /** Its motions in order (the public: released ones only). */
  motions: RoundMotion[];
  fixtures: TournamentFixture[];
}

/** One row of a pool's standings. */
export interface StandingsRow {
  teamId: string;
  poolId: string | null;
  /** 1-based position in the pool. */
  rank: number;
  played: number;
  wins: number;
  losses: number;
  ballotsWon: number;
  ballotsLost: number;
  speakerPoints: number;
  /** True when any of its counted results carried speaker points (else 辩手分 shows —, not 0). */
  scored: boolean;
  /** True when every tie-break equals the row above (placed by name). */
  tied: boolean;
  /** BP: team points (3-2-1-0 per room, summed); absent in two-team standings. */
  teamPoints?: number;
}

/** One node (match slot) of the knockout bracket. Round 1 is the first round; the final has no `nextNodeId`. */
export interface BracketNode {
  id: string;
  round: number;
  /** 0-based position within its round, top to bottom. */
  index: number;
  /** Upper and lower slot: team ids, null while undecided. */
  teamIds: [string | null, string | null];
  /** Seeds of the slots (1 = top seed), null when fed by an earlier node. */
  seeds: [number | null, number | null];
  /** A slot with nobody (a bye): the other team advances without playing. */
  bye: boolean;
  winnerTeamId: string | null;
  fixtureId: string | null;
  nextNodeId: string | null;
  /** Which slot of the next node the winner takes. */
  nextSlot: 0 | 1 | null;
}

/** Problems publishing or assigning judges found, per fixture. */
export interface JudgeShortfall {
  fixtureId: string;
  needed: number;
  assigned: number;
  /** zh-CN: why not (conflicts, too few judges). */
  reason: string;
}

/** Everything the tournament page shows. Staff-only fields are null or empty for others. */
export interface TournamentView {
  id: string;
  slug: string;
  name: string;
  season: string;
  description: string;
  format: TournamentFormat;
  /** The format's display name. */
  formatName: string;
  visibility: TournamentVisibility;
  startDate: string | null;
  endDate: string | null;
  venues: string[];
  judgesPerFixture: number;
  /** Teams in a room: 2, or 4 for British Parliamentary. */
  teamsPerRoom: 2 | 4;
  tieBreaks: TieBreak[];
  /** On level votes the chair's ballot decides (平票时主席决定票); off, the organizer decides. */
  castingVote: boolean;
  /** Bumped on every change; `tournament.watch` yields it. */
  version: number;
  myRole: TournamentRole | null;
  organizers: TournamentOrganizer[];
  teams: TournamentTeam[];
  schools: TournamentSchoolRef[];
  judges: TournamentJudge[];
  stages: TournamentStage[];
  rounds: TournamentRound[];
  /** Standings per pool (pool order), from confirmed results. */
  standings: Array<{ poolId: string; poolName: string; rows: StandingsRow[] }>;
  /** The main knockout's bracket (the open break's; as its stage's `bracket`). */
  bracket: BracketNode[];
  /** The main knockout's champion once its final is decided (the tournament is over), else null. */
  championTeamId: string | null;
  /** Released motions with the sides' wins on them, in the rounds' order. */
  motionStats: MotionStatsRow[];
}

/** What the judge's ballot page shows (by the private token). */
export interface BallotPage {
  tournament: { id: string; slug: string; name: string };
  judge: { id: string; name: string };
  fixtures: Array<{
    fixture: TournamentFixture;
    roundName: string;
    aff: { id: string; name: string; school: string; members: string[] } | null;
    neg: { id: string; name: string; school: string; members: string[] } | null;
    /**
     * BP rooms: the closing teams, and whether this judge chairs the panel (the chair submits the
     * panel's one ballot); null in two-team rooms.
     */
    bp?: {
      cg: { id: string; name: string; school: string; members: string[] } | null;
      co: { id: string; name: string; school: string; members: string[] } | null;
      chair: boolean;
    } | null;
    /** This judge's ballot, once submitted. */
    myBallot: {
      winner: SideId;
      speakerScores: { aff: number[]; neg: number[] } | null;
      bp?: { ranking: BpRanking; scores: BpScores } | null;
      bestDebater: BestDebaterVote | null;
      comment: string;
      submittedAt: number;
    } | null;
    /** When false, a ballot is refused: `closedReason` says why (zh-CN). */
    open: boolean;
    closedReason: string | null;
  }>;
}

/** The answer to a ballot submission. `duplicate` is a retried submission already counted. */
export interface BallotReceipt {
  fixtureId: string;
  status: 'accepted' | 'duplicate';
  submittedAt: number;
  /** The fixture's result after this ballot (confirmed when every ballot agreed). */
  result: FixtureResult | null;
}

/** A staff view of every ballot of a fixture. */
export interface FixtureBallots {
  fixtureId: string;
  ballots: Array<{
    judgeId: string;
    judgeName: string;
    winner: SideId;
    speakerScores: { aff: number[]; neg: number[] } | null;
    bp?: { ranking: BpRanking; scores: BpScores } | null;
    bestDebater: BestDebaterVote | null;
    comment: string;
    submittedAt: number;
  }>;
  history: ResultHistoryEntry[];
}

/** The live wall of a round: the lobby to watch and a tile per fixture. */
export interface LiveRound {
  tournamentId: string;
  /** The tournament's name, for the wall's header. */
  tournamentName: string;
  round: { id: string; name: string; number: number } | null;
  lobby: RoundLobby | null;
  /** Whether the caller is on the tournament's staff (the wall then links to the tab room's overview). */
  staff: boolean;
  tiles: Array<{
    fixtureId: string;
    timerId: string;
    timerShortid: string;
    venue: string;
    aff: string;
    neg: string;
    /** BP rooms: the closing government and opposition ('' in two-team rooms). */
    cg?: string;
    co?: string;
    status: FixtureStatus;
    /** The fixture's topic once released (the timer's display shows it too), else null. */
    topic: string | null;
  }>;
  /** When the next scheduled topic release of this round falls (ms), for the wall to re-read then; null: none. */
  nextTopicReleaseAt: number | null;
}

/** A CSV export: the file name and its text (UTF-8 with BOM, for Excel). */
export interface CsvExport {
  filename: string;
  csv: string;
}

/** The row errors of a team import, or how many were added. */
export type TeamImportResult =
  | { ok: true; added: number }
  | { ok: false; errors: Array<{ row: number; column: string; message: string }> };
