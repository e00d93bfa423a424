import {
  TOURNAMENT_LIMITS,
  checkTournamentTeamsCsv,
  normalizeName,
  tournamentSchoolKey,
  type JudgeInput,
  type TeamImport,
  type TeamImportResult,
  type TournamentJudge,
} from '@bianshi/shared';
import { and, eq, sql } from 'drizzle-orm';
import { HubError } from '../lib/errors';
import { newId, newSecretKey } from '../lib/ids';
import type { SchoolRepository } from '../library/school.repository';
import { librarySchoolFor, librarySeason, libraryTeamFor } from './library-link';
import { T } from './messages';
import type { TournamentChanges } from './tournament-changes';
import type { TournamentRepository, TournamentRow } from './tournament.repository';
import { tournamentFixtures, tournamentJudges, tournamentTeams } from './tournament.schema';

/**
 * A tournament's participants: teams (from the library or CSV) and judges with their private
 * ballot links and conflicts.
 */
export class ParticipantService {
  constructor(
    private readonly repository: TournamentRepository,
    private readonly changes: TournamentChanges,
    private readonly schools: SchoolRepository,
  ) {}

  /**
   * Adds teams from the library (teams, or schools as teams) or from CSV. A CSV with any error
   * writes nothing and returns every error with its row and column.
   */
  async importTeams(tournament: TournamentRow, request: TeamImport): Promise<TeamImportResult> {
    const existing = await this.repository.db
      .select({ name: tournamentTeams.name, position: tournamentTeams.position })
      .from(tournamentTeams)
      .where(eq(tournamentTeams.tournamentId, tournament.id));
    const rows: Array<typeof tournamentTeams.$inferInsert> = [];
    const start = existing.reduce((max, team) => Math.max(max, team.position + 1), 0);
    if (request.source === 'csv') {
      const checked = checkTournamentTeamsCsv(
        request.text,
        existing.map((team) => team.name),
      );
      if (!checked.ok) return { ok: false, errors: checked.errors };
      for (const { team } of checked.rows) {
        rows.push({
          id: newId(),
          tournamentId: tournament.id,
          name: team.name,
          nameKey: normalizeName(team.name),
          school: team.school,
          schoolKey: tournamentSchoolKey({ librarySchoolId: null, school: team.school }),
          members: team.members,
          seed: team.seed,
          position: start + rows.length,
        });
      }
    } else {
      const teamIds = request.entries.flatMap((entry) => ('teamId' in entry ? [entry.teamId] : []));
      const schoolIds = request.entries.flatMap((entry) => ('schoolId' in entry ? [entry.schoolId] : []));
      const libraryTeams = new Map((await this.schools.teamsById(teamIds)).map((team) => [team.id, team]));
      const librarySchools = new Map(
        (await this.schools.byIds(schoolIds)).map((school) => [school.id, school]),
      );
      for (const entry of request.entries) {
        if ('teamId' in entry) {
          const team = libraryTeams.get(entry.teamId);
          if (!team)
            throw new HubError('BAD_REQUEST', T.libraryTeamNotFound(entry.teamId), 'library-team-not-found');
          const members = [...team.members]
            .sort((x, y) => x.position - y.position)
            .map((member) => member.name);
          rows.push({
            id: newId(),
            tournamentId: tournament.id,
            name: team.name,
            nameKey: normalizeName(team.name),
            school: team.schoolName,
            schoolKey: tournamentSchoolKey({ librarySchoolId: team.schoolId, school: team.schoolName }),
            libraryTeamId: team.id,
            librarySchoolId: team.schoolId,
            members,
            position: start + rows.length,
          });
        } else {
          const school = librarySchools.get(entry.schoolId);
          if (!school)
            throw new HubError(
              'BAD_REQUEST',
              T.librarySchoolNotFound(entry.schoolId),
              'library-school-not-found',
            );
          const name = entry.name || school.shortName || school.name;
          rows.push({
            id: newId(),
            tournamentId: tournament.id,
            name,
            nameKey: normalizeName(name),
            school: school.name,
            schoolKey: tournamentSchoolKey({ librarySchoolId: school.id, school: school.name }),
            librarySchoolId: school.id,
            position: start + rows.length,
          });
        }
      }
      const taken = new Set(existing.map((team) => normalizeName(team.name)));
      for (const row of rows) {
        if (taken.has(row.nameKey))
          throw new HubError('CONFLICT', T.teamDuplicate(row.name), 'team-duplicate');
        taken.add(row.nameKey);
      }
    }
    if (existing.length + rows.length > TOURNAMENT_LIMITS.teams)
      throw new HubError('BAD_REQUEST', T.tooManyTeams(TOURNAMENT_LIMITS.teams), 'too-many-teams');
    await this.linkToLibrary(tournament, rows);
    if (rows.length > 0)
      await this.changes.write(tournament.id, (tx) => tx.insert(tournamentTeams).values(rows));
    return { ok: true, added: rows.length };
  }

  /**
   * Makes new teams the library's: a school named in the CSV becomes the library's school
   * (matched by normalized name or alias, created when absent), and every team with a school
   * becomes a library team of it for the tournament's season, with its members.
   */
  private async linkToLibrary(
    tournament: TournamentRow,
    rows: Array<typeof tournamentTeams.$inferInsert>,
  ): Promise<void> {
    const season = librarySeason(tournament, Date.now());
    const bySchool = new Map<string, { id: string; name: string } | null>();
    for (const row of rows) {
      if (!row.librarySchoolId && row.school) {
        const key = normalizeName(row.school);
        if (!bySchool.has(key))
          bySchool.set(key, await librarySchoolFor(this.schools, row.school, tournament.ownerId));
        const school = bySchool.get(key);
        if (school) {
          row.librarySchoolId = school.id;
          row.schoolKey = tournamentSchoolKey({ librarySchoolId: school.id, school: row.school });
        }
      }
      if (row.librarySchoolId && !row.libraryTeamId)
        row.libraryTeamId = await libraryTeamFor(this.schools, {
          schoolId: row.librarySchoolId,
          name: row.name,
          season,
          members: row.members ?? [],
        });
    }
  }

  /** Removes a team that is in no pool and no fixture. */
  async removeTeam(tournament: TournamentRow, teamId: string): Promise<void> {
    const [team] = await this.repository.db
      .select()
      .from(tournamentTeams)
      .where(and(eq(tournamentTeams.id, teamId), eq(tournamentTeams.tournamentId, tournament.id)));
    if (!team) throw new HubError('NOT_FOUND', T.teamNotFound, 'team-not-found');
    const [used] = await this.repository.db
      .select({ id: tournamentFixtures.id })
      .from(tournamentFixtures)
      .where(
        and(
          eq(tournamentFixtures.tournamentId, tournament.id),
          sql`(${tournamentFixtures.affTeamId} = ${teamId} or ${tournamentFixtures.negTeamId} = ${teamId})`,
        ),
      )
      .limit(1);
    if (team.poolId || used) throw new HubError('CONFLICT', T.teamInDraw, 'team-in-draw');
    await this.changes.write(tournament.id, (tx) =>
      tx.delete(tournamentTeams).where(eq(tournamentTeams.id, teamId)),
    );
  }

  /** Adds a judge with a new private ballot link; an email is stored as given (for mailing the link). */
  async addJudge(tournament: TournamentRow, input: JudgeInput): Promise<TournamentJudge> {
    const judges = await this.repository.db
      .select({ position: tournamentJudges.position })
      .from(tournamentJudges)
      .where(eq(tournamentJudges.tournamentId, tournament.id));
    if (judges.length >= TOURNAMENT_LIMITS.judges)
      throw new HubError('BAD_REQUEST', T.tooManyJudges(TOURNAMENT_LIMITS.judges), 'too-many-judges');
    checkSchoolKeys(input.conflicts);
    const judge = {
      id: newId(),
      tournamentId: tournament.id,
      name: input.name,
      // The address is kept as given, never looked up: adding a judge must not tell anyone
      // whether it belongs to an account. The ballot link is what the judge uses.
      userId: null,
      email: input.email ? input.email.trim().toLowerCase() : null,
      conflicts: [...new Set(input.conflicts)],
      ballotToken: newSecretKey(),
      revoked: false,
      position: judges.reduce((max, row) => Math.max(max, row.position + 1), 0),
    };
    await this.changes.write(tournament.id, (tx) => tx.insert(tournamentJudges).values(judge));
    return {
      id: judge.id,
      name: judge.name,
      userId: judge.userId,
      email: judge.email,
      conflicts: judge.conflicts,
      ballotToken: judge.ballotToken,
      revoked: false,
    };
  }

  /** Revokes a judge's link and takes them off drafted fixtures; ballots they submitted stay. */
  async removeJudge(tournament: TournamentRow, judgeId: string): Promise<void> {
    await this.judge(tournament, judgeId);
    await this.changes.write(tournament.id, async (tx) => {
      await tx.update(tournamentJudges).set({ revoked: true }).where(eq(tournamentJudges.id, judgeId));
      await tx.execute(sql`
        update tournament_fixtures f set judge_ids = f.judge_ids - ${judgeId}::text
        from tournament_rounds r
        where r.id = f.round_id and r.status = 'draft' and f.tournament_id = ${tournament.id}`);
    });
  }

  /** A new ballot link for a judge; the old one is refused from now on (on every hub: tokens are read from the database). */
  async rotateJudgeLink(tournament: TournamentRow, judgeId: string): Promise<{ ballotToken: string }> {
    const judge = await this.judge(tournament, judgeId);
    const ballotToken = newSecretKey();
    const revokedTokens = judge.ballotToken
      ? [...judge.revokedTokens, judge.ballotToken].slice(-20)
      : judge.revokedTokens;
    await this.changes.write(tournament.id, (tx) =>
      tx
        .update(tournamentJudges)
        .set({ ballotToken, revokedTokens, revoked: false })
        .where(eq(tournamentJudges.id, judgeId)),
    );
    return { ballotToken };
  }

  async setConflicts(tournament: TournamentRow, judgeId: string, keys: string[]): Promise<void> {
    await this.judge(tournament, judgeId);
    checkSchoolKeys(keys);
    await this.changes.write(tournament.id, (tx) =>
      tx
        .update(tournamentJudges)
        .set({ conflicts: [...new Set(keys)] })
        .where(eq(tournamentJudges.id, judgeId)),
    );
  }

  private async judge(tournament: TournamentRow, judgeId: string) {
    const [judge] = await this.repository.db
      .select()
      .from(tournamentJudges)
      .where(and(eq(tournamentJudges.id, judgeId), eq(tournamentJudges.tournamentId, tournament.id)));
    if (!judge) throw new HubError('NOT_FOUND', T.judgeNotFound, 'judge-not-found');
    return judge;
  }
}

/** School keys are `school:<library id>` or `name:<normalized name>`. */
function checkSchoolKeys(keys: readonly string[]): void {
  const bad = keys.find((key) => !/^(school|name):.+/.test(key));
  if (bad) throw new HubError('BAD_REQUEST', T.unknownSchool(bad), 'school-key-invalid');
}
