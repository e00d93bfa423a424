/** How Tabbycat names teams, and how the room size is told from the teams. */
import type { TabbycatInstitution, TabbycatTeam, TeamsPerDebate } from './types';

/**
 * The short and long display names Tabbycat forms: with the institution prefix, the institution's
 * code (short) or full name (long) then the reference; without it, the reference alone.
 */
export function tabbycatTeamNames(
  team: Pick<TabbycatTeam, 'name' | 'institution' | 'useInstitutionPrefix'>,
  institution: TabbycatInstitution | undefined,
): { displayName: string; longName: string } {
  if (!team.useInstitutionPrefix || !institution) return { displayName: team.name, longName: team.name };
  const suffix = team.name === '' ? '' : ` ${team.name}`;
  return { displayName: institution.code + suffix, longName: institution.name + suffix };
}

/**
 * Teams per room, told from the speakers per team since Tabbycat's files carry no format setting:
 * British Parliamentary teams have two speakers, and every two-team format Tabbycat runs
 * (Australs, WSDC, Asians, …) has three or more. So: when no team has more than two speakers and
 * some team has two, four teams per room; otherwise two. (`.importer` naming "boots", the BP
 * importer, agrees with this for Tabbycat's own bp88team, but it is not needed to decide.)
 */
export function detectTeamsPerDebate(teams: ReadonlyArray<{ speakers: readonly unknown[] }>): {
  teamsPerDebate: TeamsPerDebate;
  teamsPerDebateReason: string;
} {
  const most = teams.reduce((max, team) => Math.max(max, team.speakers.length), 0);
  if (most === 0) return { teamsPerDebate: 2, teamsPerDebateReason: '名单中没有辩手，按每场两队处理' };
  if (most === 2)
    return {
      teamsPerDebate: 4,
      teamsPerDebateReason: '每队最多 2 名辩手，是英国议会制（BP）的队伍，按每场四队处理',
    };
  return {
    teamsPerDebate: 2,
    teamsPerDebateReason: `每队最多 ${most} 名辩手，按每场两队处理`,
  };
}
