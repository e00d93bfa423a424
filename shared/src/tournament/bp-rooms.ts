/**
 * British Parliamentary rooms in the tournament hub: four teams (OG, OO, CG, CO), a panel's one
 * consensus ballot ranking them 1st–4th (3-2-1-0 team points) with two speakers' scores per
 * team. Kept light for the screens that list seats (the live wall, the judge's phone): the
 * ballot's zod schema is in tournament.schema.ts, the standings in bp-standings.ts.
 */
import type { SideId } from '../formats/format.schema';

/** A BP room's positions in speaking order of their first speakers: OG, OO, CG, CO. */
export const BP_POSITION_IDS = ['og', 'oo', 'cg', 'co'] as const;
export type BpPositionId = (typeof BP_POSITION_IDS)[number];

/** How screens name each position. */
export const BP_POSITION_LABELS: Record<BpPositionId, string> = { og: 'OG', oo: 'OO', cg: 'CG', co: 'CO' };

/** The bench each position sits on: government (aff) or opposition (neg). */
export const BP_POSITION_SIDE: Record<BpPositionId, SideId> = { og: 'aff', oo: 'neg', cg: 'aff', co: 'neg' };

/** Speakers per BP team. */
export const BP_SPEAKERS_PER_TEAM = 2;

/** The BP speaker scale judges score on (WUDC's 50–100). */
export const BP_SPEAKER_SCORE_RANGE = { min: 50, max: 100 } as const;

/** Each position's place in the room, 1 (first) to 4. */
export type BpRanking = Record<BpPositionId, number>;
/** Each position's two speakers' scores, in speaking order. */
export type BpScores = Record<BpPositionId, number[]>;

/** Team points for a place: 1st 3, 2nd 2, 3rd 1, 4th 0. */
export function bpPointsForPlace(place: number): number {
  return Math.max(0, 4 - place);
}

/** A team's speaker total in a BP ballot. */
export function bpTeamTotal(scores: BpScores, position: BpPositionId): number {
  return (scores[position] ?? []).reduce((sum, score) => sum + score, 0);
}

/** The bench of the first-placed team (what a BP result records as its `winner`). */
export function bpWinnerSide(ranking: BpRanking): SideId {
  const first = BP_POSITION_IDS.find((position) => ranking[position] === 1) ?? 'og';
  return BP_POSITION_SIDE[first];
}

/** Positions from first place to fourth. */
export function bpOrder(ranking: BpRanking): BpPositionId[] {
  return [...BP_POSITION_IDS].sort((x, y) => ranking[x] - ranking[y]);
}

const BP_PLACES_NEEDED = '请为四支队伍排出第 1 至第 4 名，每个名次只能用一次';

/**
 * A BP ballot as typed (the chair's phone, the organizer's editor): places not yet picked are
 * null, scores are the fields' text. The ballot, or its problems in Chinese: what is missing
 * first, then what {@link checkBpBallot} finds.
 */
export function readBpEntry(
  places: Record<BpPositionId, number | null>,
  scores: Record<BpPositionId, string[]>,
): { ballot: { ranking: BpRanking; scores: BpScores }; errors: [] } | { ballot: null; errors: string[] } {
  if (BP_POSITION_IDS.some((position) => places[position] === null))
    return { ballot: null, errors: [BP_PLACES_NEEDED] };
  if (BP_POSITION_IDS.some((position) => scores[position].some((value) => value.trim() === '')))
    return { ballot: null, errors: ['请填写八位辩手的分数'] };
  const ranking = Object.fromEntries(
    BP_POSITION_IDS.map((position) => [position, places[position]!]),
  ) as BpRanking;
  const numbers = Object.fromEntries(
    BP_POSITION_IDS.map((position) => [position, scores[position].map(Number)]),
  ) as BpScores;
  const errors = checkBpBallot(ranking, numbers);
  return errors.length > 0 ? { ballot: null, errors } : { ballot: { ranking, scores: numbers }, errors: [] };
}

/**
 * Problems with a BP ballot in Chinese, or [] when it is sound: each place 1–4 used once, two
 * scores per team within the scale, and no team placed above one with a higher total.
 */
export function checkBpBallot(ranking: BpRanking, scores: BpScores): string[] {
  const problems: string[] = [];
  const places = BP_POSITION_IDS.map((position) => ranking[position]);
  if (
    places.some((place) => !Number.isInteger(place) || place < 1 || place > 4) ||
    new Set(places).size !== 4
  )
    problems.push(BP_PLACES_NEEDED);
  const { min, max } = BP_SPEAKER_SCORE_RANGE;
  for (const position of BP_POSITION_IDS) {
    const row = scores[position] ?? [];
    if (row.length !== BP_SPEAKERS_PER_TEAM)
      problems.push(`${BP_POSITION_LABELS[position]} 须填写 ${BP_SPEAKERS_PER_TEAM} 位辩手的分数`);
    else if (row.some((score) => !Number.isFinite(score) || score < min || score > max))
      problems.push(`${BP_POSITION_LABELS[position]} 的辩手分须在 ${min}–${max} 之间`);
  }
  if (problems.length === 0) {
    const order = bpOrder(ranking);
    for (let at = 0; at + 1 < order.length; at += 1) {
      if (bpTeamTotal(scores, order[at]!) < bpTeamTotal(scores, order[at + 1]!))
        problems.push(
          `名次与辩手分不一致：第 ${at + 1} 名（${BP_POSITION_LABELS[order[at]!]}）的总分低于第 ${at + 2} 名（${BP_POSITION_LABELS[order[at + 1]!]}）`,
        );
    }
  }
  return problems;
}

/** One seat of a BP room as screens list it: position, team, and once decided its place and points. */
export interface BpSeat {
  position: BpPositionId;
  label: string;
  teamId: string | null;
  place: number | null;
  points: number | null;
}

/** Whether a fixture is a BP room: it has a closing government or opposition seat. */
export function isBpRoom(fixture: { cgTeamId?: string | null; coTeamId?: string | null }): boolean {
  return Boolean(fixture.cgTeamId || fixture.coTeamId);
}

/**
 * A fixture's four seats in position order (OG, OO, CG, CO) with places from its result; null
 * for a two-team fixture.
 */

export function bpSeatsOf(fixture: {
  affTeamId: string | null;
  negTeamId: string | null;
  cgTeamId?: string | null;
  coTeamId?: string | null;
  result?: { ranking?: BpRanking | null } | null;
}): BpSeat[] | null {
  if (!isBpRoom(fixture)) return null;
  const ids: Record<BpPositionId, string | null> = {
    og: fixture.affTeamId,
    oo: fixture.negTeamId,
    cg: fixture.cgTeamId ?? null,
    co: fixture.coTeamId ?? null,
  };
  const ranking = fixture.result?.ranking ?? null;
  return BP_POSITION_IDS.map((position) => ({
    position,
    label: BP_POSITION_LABELS[position],
    teamId: ids[position],
    place: ranking ? ranking[position] : null,
    points: ranking ? bpPointsForPlace(ranking[position]) : null,
  }));
}
