/**
 * Tournament teams are the library's: a team's school is the library's school (found by its
 * normalized name, short name or alias, created when absent), the team is a library team of
 * that school and season, and a fixture's confirmed result is the library's match record (the
 * result sheet of the fixture's match), so /schools/<id> lists the team and counts its wins.
 */
import { resultSheetSchema, schoolInputSchema, type ResultValues } from '@bianshi/shared';
import type { Db } from '../db/database';
import { RecordRepository } from '../library/record.repository';
import type { SchoolRepository } from '../library/school.repository';
import { sheetFromSettings } from '../timers/match-record';
import { TimerRepository } from '../timers/timer.repository';
import type { FixtureRow } from './tournament.repository';

/** The library school of `name`, created (name only, merged like any added school) when none matches. */
export async function librarySchoolFor(
  library: SchoolRepository,
  name: string,
  createdBy: string,
): Promise<{ id: string; name: string } | null> {
  const found = await library.findByAnyName(name);
  if (found) return found;
  const parsed = schoolInputSchema.safeParse({ name: name.trim() });
  if (!parsed.success) return null;
  const { ids } = await library.upsertMany([parsed.data], createdBy);
  return ids[0] ? { id: ids[0], name: parsed.data.name } : null;
}

/** The library team of a school, name and season, created with its members when absent. */
export async function libraryTeamFor(
  library: SchoolRepository,
  team: { schoolId: string; name: string; season: string; members: readonly string[] },
): Promise<string> {
  const existing = await library.findTeam(team.schoolId, team.name, team.season);
  if (existing) return existing;
  return library.createTeam({
    schoolId: team.schoolId,
    name: team.name,
    season: team.season,
    members: team.members.map((name, index) => ({ name, position: index + 1 })),
  });
}

/** The library season of a tournament's teams: its season, else its start year, else this year. */
export function librarySeason(tournament: { season: string; startDate: string | null }, now: number): string {
  return tournament.season.trim() || tournament.startDate?.slice(0, 4) || String(new Date(now).getFullYear());
}

/**
 * Writes a fixture's confirmed result into its match's result sheet (winner and 票型, the
 * teams and schools from the timer), inside `tx`: the library's record of the match.
 */
export async function recordFixtureResult(tx: Db, fixture: FixtureRow, values: ResultValues): Promise<void> {
  if (!fixture.timerId) return;
  const timer = await new TimerRepository(tx).currentMatchOf(fixture.timerId);
  if (!timer) return;
  const records = new RecordRepository(tx);
  const saved = await records.result(timer.matchId);
  const base = saved?.sheet ?? sheetFromSettings(timer.settings as Record<string, unknown>);
  const parsed = resultSheetSchema.safeParse({
    ...base,
    winner: values.winner,
    ballots: values.votes.aff + values.votes.neg > 0 ? values.votes : null,
    // The judges' names stay; their votes are the tournament's ballots (not one per name here).
    judges: base.judges.map((judge) => ({ ...judge, vote: null })),
  });
  if (!parsed.success) return;
  await records.saveResult(timer.matchId, timer.timerId, parsed.data, null, timer.createdAt);
}
