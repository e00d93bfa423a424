/**
 * A room's panel of judges and its roles: the chair, the panellists and the trainees. Stored on a
 * fixture as two lists: `judgeIds` is the voting panel with the chair first (so everything that
 * reads `judgeIds` — ballots, counts, exports, the automatic allocation — keeps working), and
 * `traineeIds` the trainees, who sit in the room but do not vote. The room's result is the
 * majority of the voting panel; when the votes are level (an even panel) the chair's vote
 * decides (the casting vote) if the tournament gives the chair one (`castingVote`, on by
 * default: {@link castingVoteDefault}), else the organizer decides. Also the clashes a hand-made allocation can have, as the
 * allocation screen shows them (zh-CN): a school or team conflict, two judges who may not sit
 * together, a judge marked absent, a judge in two rooms.
 */
import { z } from 'zod';
import type { SideId } from '../formats/format.schema';
import { TOURNAMENT_LIMITS } from './tournament.schema';

/** A judge's role in a room. */
export type PanelRole = 'chair' | 'panellist' | 'trainee';

/** The roles in order, as the allocation screen lists them. */
export const PANEL_ROLES: readonly PanelRole[] = ['chair', 'panellist', 'trainee'];

/** A room's panel by role. `chair` is null only when the room has no voting judge. */
export interface Panel {
  chair: string | null;
  panellists: string[];
  trainees: string[];
}

/** Trainees a room may have besides its voting panel. */
export const MAX_TRAINEES = 9;

/** The panel of a fixture's stored lists (`judgeIds[0]` is the chair). */
export function panelOf(fixture: { judgeIds: readonly string[]; traineeIds?: readonly string[] }): Panel {
  const [chair = null, ...panellists] = fixture.judgeIds;
  return { chair, panellists, trainees: [...(fixture.traineeIds ?? [])] };
}

/** The stored lists of a panel: the voting panel with the chair first, and the trainees. */
export function panelColumns(panel: Panel): { judgeIds: string[]; traineeIds: string[] } {
  return {
    judgeIds: panel.chair === null ? [...panel.panellists] : [panel.chair, ...panel.panellists],
    traineeIds: [...panel.trainees],
  };
}

/** Every judge of a panel, voting or not. */
export function panelMembers(panel: Panel): string[] {
  return [...(panel.chair === null ? [] : [panel.chair]), ...panel.panellists, ...panel.trainees];
}

/** A judge's role in `panel`, or null when not in it. */
export function roleIn(panel: Panel, judgeId: string): PanelRole | null {
  if (panel.chair === judgeId) return 'chair';
  if (panel.panellists.includes(judgeId)) return 'panellist';
  if (panel.trainees.includes(judgeId)) return 'trainee';
  return null;
}

/**
 * The room's decision from its votes: the side with more votes; on level votes, the side the
 * chair voted for (`castingVote` true in the answer) when the tournament gives the chair the
 * casting vote (`chairCasts`), else null: the organizer decides. Null too when the chair has not
 * voted (or there is no chair). Trainees' ballots are never counted: callers pass the voting
 * panel's votes only.
 */
export function panelDecision(
  votes: { aff: number; neg: number },
  chairVote: SideId | null,
  chairCasts = true,
): { winner: SideId | null; castingVote: boolean } {
  if (votes.aff !== votes.neg) return { winner: votes.aff > votes.neg ? 'aff' : 'neg', castingVote: false };
  if (chairCasts && votes.aff > 0 && chairVote) return { winner: chairVote, castingVote: true };
  return { winner: null, castingVote: false };
}

/**
 * Whether a new tournament gives the chair the casting vote on a level panel, from its format.
 * Formats say nothing of panels (format.schema.ts has no such field), so: yes for every two-team
 * format, as Tabbycat decides a split even panel by the chair; a BP room takes one consensus
 * ballot from its chair, so there is no vote to cast and the setting is off. The organizer can
 * change it in the tournament's settings (docs/decisions/034-casting-vote.md).
 */
export function castingVoteDefault(format: { kind: string; id?: string }): boolean {
  return !(format.kind === 'builtin' && format.id === 'bp');
}

const judgeId = z.string().min(1).max(64);

/** One room's panel as the allocation screen saves it. */
export const panelInputSchema = z.strictObject({
  fixtureId: z.string().min(1).max(64),
  chair: judgeId.nullable(),
  panellists: z.array(judgeId).max(TOURNAMENT_LIMITS.judgesPerFixture - 1, {
    error: `每场最多 ${TOURNAMENT_LIMITS.judgesPerFixture} 位有投票权的评委`,
  }),
  trainees: z.array(judgeId).max(MAX_TRAINEES, { error: `每场最多 ${MAX_TRAINEES} 位见习评委` }),
});

/** A draft round's panels, saved together (`tournament.setPanels`). */
export const setPanelsSchema = z.strictObject({
  roundId: z.string().min(1).max(64),
  panels: z.array(panelInputSchema).max(500, { error: '一轮最多 500 场' }),
});
/** The input of `tournament.setPanels`. */
export type SetPanelsInput = z.output<typeof setPanelsSchema>;

/** What a clash is. */
export type ClashKind = 'institution' | 'team' | 'judge' | 'absent' | 'elsewhere';

/** One clash of a judge in a room, with its Chinese wording. */
export interface Clash {
  kind: ClashKind;
  message: string;
}

/**
 * What clashes are judged against, as the hub sends it to staff (`tournament.allocation`): the
 * teams' institutions (their school and institution keys, and institutions they are conflicted
 * with), the judges' own institutions and conflicts (institutions, teams, other judges), the
 * institutions' names, and who is absent for the round.
 */
export interface ClashContext {
  teams: Array<{ id: string; name: string; institutions: string[] }>;
  judges: Array<{
    id: string;
    name: string;
    /** The adjudication core's rating, or null. */
    rating: number | null;
    /** The judge's own institution keys (they may not judge a team of them). */
    institutions: string[];
    /** Other institution keys the judge is conflicted with. */
    conflictInstitutions: string[];
    conflictTeams: string[];
    conflictJudges: string[];
  }>;
  /** Institution key → display name. */
  institutionNames: Record<string, string>;
  /** Judges marked absent for the round. */
  absentJudges: string[];
}

/** A room as clash detection needs it. */
export interface ClashRoom {
  id: string;
  /** How the room is named in messages (its venue, or 第 N 场). */
  name: string;
  teamIds: string[];
  panel: Panel;
}

/**
 * Every clash of every judge in `rooms`: roomId → judgeId → clashes (only judges with any).
 * A judge conflicted with a team's institution (their own or another they are conflicted with,
 * either side's conflict), with a team, or with another judge of the room; marked absent; or
 * placed in more than one room.
 */
export function panelClashes(
  rooms: readonly ClashRoom[],
  context: ClashContext,
): Map<string, Map<string, Clash[]>> {
  const teams = new Map(context.teams.map((team) => [team.id, team]));
  const judges = new Map(context.judges.map((judge) => [judge.id, judge]));
  const absent = new Set(context.absentJudges);
  const roomsOf = new Map<string, ClashRoom[]>();
  for (const room of rooms)
    for (const id of new Set(panelMembers(room.panel))) roomsOf.set(id, [...(roomsOf.get(id) ?? []), room]);
  const name = (key: string) => context.institutionNames[key] ?? '';
  const result = new Map<string, Map<string, Clash[]>>();
  for (const room of rooms) {
    const members = [...new Set(panelMembers(room.panel))];
    const byJudge = new Map<string, Clash[]>();
    for (const id of members) {
      const judge = judges.get(id);
      const clashes: Clash[] = [];
      if (judge) {
        const own = new Set(judge.institutions);
        const conflicted = new Set([...judge.institutions, ...judge.conflictInstitutions]);
        for (const teamId of room.teamIds) {
          const team = teams.get(teamId);
          if (!team) continue;
          const key = team.institutions.find((each) => conflicted.has(each));
          if (key !== undefined) {
            const where = name(key);
            clashes.push({
              kind: 'institution',
              message: own.has(key)
                ? `与「${team.name}」同校${where ? `（${where}）` : ''}`
                : `与「${team.name}」的学校${where ? `（${where}）` : ''}有回避关系`,
            });
          } else if (judge.conflictTeams.includes(teamId)) {
            clashes.push({ kind: 'team', message: `与队伍「${team.name}」有回避关系` });
          }
        }
        for (const otherId of members) {
          if (otherId === id) continue;
          const other = judges.get(otherId);
          if (!other) continue;
          if (judge.conflictJudges.includes(otherId) || other.conflictJudges.includes(id))
            clashes.push({ kind: 'judge', message: `与评委「${other.name}」有回避关系` });
        }
      }
      if (absent.has(id)) clashes.push({ kind: 'absent', message: '本轮未到场' });
      const elsewhere = (roomsOf.get(id) ?? []).filter((other) => other.id !== room.id);
      if (elsewhere.length)
        clashes.push({
          kind: 'elsewhere',
          message: `同时在${elsewhere.map((other) => `「${other.name}」`).join('、')}`,
        });
      if (clashes.length) byJudge.set(id, clashes);
    }
    result.set(room.id, byJudge);
  }
  return result;
}
