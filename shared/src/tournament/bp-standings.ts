/**
 * Standings of a British Parliamentary tournament: team points (3-2-1-0 per room, summed), then
 * speaker total, through the tab engine's standings. Apart from bp-rooms.ts so that screens
 * listing a room's seats do not carry the standings code.
 */
import {
  BP_POSITION_IDS,
  BP_SPEAKERS_PER_TEAM,
  bpPointsForPlace,
  type BpPositionId,
  type BpRanking,
  type BpScores,
} from './bp-rooms';
import { teamStandings } from './engine/standings';
import type { StandingsRow } from './tournament.view';

/** A confirmed BP room as standings read it: its teams by position, places and scores. */
export interface BpStandingsResult {
  round: number;
  teams: Record<BpPositionId, string>;
  ranking: BpRanking;
  scores: BpScores | null;
}

/**
 * Standings of a BP tournament: team points (3-2-1-0 summed), then speaker total; teams equal on
 * both keep name order and are marked tied. `wins` counts firsts, `losses` the other rooms.
 */
export function bpStandings(
  teams: ReadonlyArray<{ id: string; name: string }>,
  results: readonly BpStandingsResult[],
): StandingsRow[] {
  const sorted = [...teams].sort(
    (x, y) => x.name.localeCompare(y.name, 'zh-CN') || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0),
  );
  const played = new Map<string, number>();
  const scored = new Set<string>();
  const roundResults = results.flatMap((result) =>
    BP_POSITION_IDS.map((position) => {
      const teamId = result.teams[position];
      played.set(teamId, (played.get(teamId) ?? 0) + 1);
      if (result.scores) scored.add(teamId);
      return {
        round: result.round,
        teamId,
        points: bpPointsForPlace(result.ranking[position]),
        won: result.ranking[position] === 1,
        place: result.ranking[position],
        opponents: BP_POSITION_IDS.filter((other) => other !== position).map((other) => result.teams[other]),
      };
    }),
  );
  const scores = results.flatMap((result) =>
    result.scores
      ? BP_POSITION_IDS.flatMap((position) =>
          result.scores![position].map((value, speaker) => ({
            round: result.round,
            speakerId: `${result.teams[position]}:${speaker}`,
            score: value,
          })),
        )
      : [],
  );
  const speakers = sorted.flatMap((team) =>
    Array.from({ length: BP_SPEAKERS_PER_TEAM }, (_, speaker) => ({
      id: `${team.id}:${speaker}`,
      teamId: team.id,
    })),
  );
  return teamStandings(sorted, roundResults, scores, speakers, ['points', 'speakerTotal']).map((row) => {
    const games = played.get(row.teamId) ?? 0;
    return {
      teamId: row.teamId,
      poolId: null,
      rank: row.rank,
      played: games,
      wins: row.metrics.firsts,
      losses: games - row.metrics.firsts,
      ballotsWon: 0,
      ballotsLost: 0,
      speakerPoints: Math.round(row.metrics.speakerTotal * 100) / 100,
      scored: scored.has(row.teamId),
      tied: row.tied,
      teamPoints: row.metrics.points,
    };
  });
}
