/**
 * Tournament teams are the library's: a team's school is the library's school (found by its
 * normalized name, short name or alias, created when absent), the team is a library team of
 * that school and season, and a fixture's confirmed result is the library's match record (the
 * result sheet of the fixture's match), so /schools/<id> lists the team and counts its wins.
 */
import { normalizeName, resultSheetSchema, schoolInputSchema, type ResultValues } from '@bianshi/shared';
import { eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { matches, timers } from '../timers/timer.schema';
import { schools } from '../library/library.schema';
import { RecordRepository } from '../library/record.repository';
import { sheetFromSettings } from '../timers/match-record';
import type { SchoolRepository } from '../library/school.repository';
import type { FixtureRow } from './tournament.repository';

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The library school `name` means: one whose name, short name or an alias normalizes the same
 * (the name first), or null.
 */
export async function findLibrarySchool(db: Db, name: string): Promise<{ id: string; name: string } | null> {
  const key = normalizeName(name);
  if (!key) return null;
  const raw = likeEscaped(name.trim());
  const rows = await db
    .select({ id: schools.id, name: schools.name, shortName: schools.shortName, aliases: schools.aliases })
    .from(schools)
    .where(
      or(
        sql`${schools.dedupKey} like ${`${likeEscaped(key)}|%`}`,
        ilike(schools.shortName, raw),
        sql`${schools.aliases}::text ilike ${`%${raw}%`}`,
        // Aliases stored with spaces or punctuation the name lacks: compare them normalized below.
        sql`exists (select 1 from jsonb_array_elements_text(${schools.aliases}) alias where lower(regexp_replace(alias, '[[:space:][:punct:]·・\u3000]', '', 'g')) = ${key})`,
      ),
    )
    .limit(50);
  const byName = rows.find((row) => normalizeName(row.name) === key);
  if (byName) return { id: byName.id, name: byName.name };
  const other = rows.find(
    (row) =>
      normalizeName(row.shortName) === key || row.aliases.some((alias) => normalizeName(alias) === key),
  );
  return other ? { id: other.id, name: other.name } : null;
}

/** The library school of `name`, created (name only, merged like any added school) when none matches. */
export async function librarySchoolFor(
  db: Db,
  library: SchoolRepository,
  name: string,
  createdBy: string,
): Promise<{ id: string; name: string } | null> {
  const found = await findLibrarySchool(db, name);
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
  const [timer] = await tx
    .select({
      id: timers.id,
      settings: timers.settings,
      matchId: timers.currentMatchId,
      createdAt: sql<number | null>`(${matches.state}->>'createdAt')::bigint`,
    })
    .from(timers)
    .leftJoin(matches, eq(matches.id, timers.currentMatchId))
    .where(eq(timers.id, fixture.timerId));
  if (!timer?.matchId) return;
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
  await records.saveResult(
    timer.matchId,
    timer.id,
    parsed.data,
    null,
    timer.createdAt === null ? null : Number(timer.createdAt),
  );
}
