import {
  TOURNAMENT_LIMITS,
  checkTournamentTeamsCsv,
  chineseIssueMessage,
  fixturesCsv,
  getBuiltinFormat,
  normalizeName,
  standingsCsv,
  tournamentInputSchema,
  tournamentRoleAtLeast,
  tournamentSchoolKey,
  validateFormat,
  type CsvExport,
  type JudgeInput,
  type LiveRound,
  type TeamImport,
  type TeamImportResult,
  type TournamentInput,
  type TournamentJudge,
  type TournamentOrganizer,
  type TournamentRole,
  type TournamentSummary,
  type TournamentView,
} from '@bianshi/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../lib/clock';
import { HubError } from '../lib/errors';
import { newId, newSecretKey } from '../lib/ids';
import type { RateLimiter } from '../lib/rate-limit';
import type { SchoolRepository } from '../library/school.repository';
import { T } from './messages';
import type { TournamentChanges } from './tournament-changes';
import { buildView, fixtureView } from './tournament-view';
import { isUniqueViolation, type TournamentRepository, type TournamentRow } from './tournament.repository';
import { tournamentFixtures, tournamentJudges, tournamentStaff, tournamentTeams, tournaments } from './tournament.schema';

/** The account calling, if any. */
export interface TournamentCaller {
  id: string;
  email: string;
  displayName: string;
}

/** Parses a tournament's settings with zh-CN messages and checks its format; throws BAD_REQUEST. */
export function parseTournamentInput(input: unknown): TournamentInput {
  const parsed = tournamentInputSchema.safeParse(input, { error: chineseIssueMessage });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new HubError('BAD_REQUEST', issue.message, 'tournament-invalid', { path: issue.path.map(String).join('.'), issues: parsed.error.issues.map((each) => ({ path: each.path.map(String).join('.'), message: each.message })) });
  }
  const format = parsed.data.format;
  if (format.kind === 'builtin' && !getBuiltinFormat(format.id)) throw new HubError('BAD_REQUEST', `未知的赛制：${format.id}`, 'format-unknown');
  if (format.kind === 'custom' && !validateFormat(format.format).ok) throw new HubError('BAD_REQUEST', T.formatInvalid, 'format-invalid');
  return parsed.data;
}

/**
 * A tournament's access and setup: who may see and run it, its settings, staff, teams,
 * judges and conflicts, its pages (built from the database on every read) and exports.
 */
export class TournamentService {
  constructor(
    readonly repository: TournamentRepository,
    readonly changes: TournamentChanges,
    private readonly schools: SchoolRepository,
    private readonly clock: Clock,
    /** Ballot page and submissions per address. */
    readonly ballotLimiter: RateLimiter,
  ) {}

  atLeast(role: TournamentRole | null, minimum: TournamentRole): boolean {
    return tournamentRoleAtLeast(role, minimum);
  }

  /** A tournament by id; NOT_FOUND. */
  async find(id: string): Promise<TournamentRow> {
    const row = await this.repository.find(id);
    if (!row) throw new HubError('NOT_FOUND', T.notFound, 'tournament-not-found');
    return row;
  }

  /** The caller's staff role: owner, organizer, judge coordinator, or none. */
  async roleOf(tournament: TournamentRow, user: TournamentCaller | null): Promise<TournamentRole | null> {
    if (!user) return null;
    if (tournament.ownerId === user.id) return 'owner';
    return this.repository.staffRole(tournament.id, user.id);
  }

  /** A tournament the caller may see, by slug (a private one is NOT_FOUND to anyone but staff). */
  async visible(slug: string, user: TournamentCaller | null): Promise<TournamentRow> {
    const row = await this.repository.findBySlug(slug);
    if (!row || (row.visibility === 'private' && (await this.roleOf(row, user)) === null)) throw new HubError('NOT_FOUND', T.notFound, 'tournament-not-found');
    return row;
  }

  /** Versions of a tournament: now, then on every change on any hub. */
  versions(tournamentId: string, signal: AbortSignal): AsyncGenerator<number> {
    return this.changes.versions(tournamentId, async () => (await this.find(tournamentId)).version, signal);
  }

  async list(scope: 'public' | 'mine', user: TournamentCaller | null): Promise<TournamentSummary[]> {
    if (scope === 'mine' && !user) return [];
    const rows = await this.repository.list(scope === 'mine' && user ? { kind: 'mine', userId: user.id } : { kind: 'public' });
    const counts = await this.repository.listCounts(rows.map((row) => row.id));
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        slug: row.slug,
        name: row.name,
        season: row.season,
        visibility: row.visibility,
        startDate: row.startDate,
        endDate: row.endDate,
        teamCount: counts.get(row.id)?.teams ?? 0,
        liveFixtures: counts.get(row.id)?.live ?? 0,
        myRole: await this.roleOf(row, user),
      })),
    );
  }

  async view(slug: string, user: TournamentCaller | null): Promise<TournamentView> {
    const row = await this.visible(slug, user);
    return buildView(await this.repository.snapshot(row), await this.roleOf(row, user), this.clock.now());
  }

  /** The live wall of a round: the requested one, else the latest published one. */
  async live(slug: string, roundId: string | null, user: TournamentCaller | null): Promise<LiveRound> {
    const row = await this.visible(slug, user);
    const snapshot = await this.repository.snapshot(row);
    const published = snapshot.rounds.filter((round) => round.status === 'published');
    const round = roundId ? snapshot.rounds.find((candidate) => candidate.id === roundId) : published.at(-1);
    if (roundId && !round) throw new HubError('NOT_FOUND', T.roundNotFound, 'round-not-found');
    const teams = new Map(snapshot.teams.map((team) => [team.id, team.name]));
    const lobby = round?.lobbyId ? snapshot.lobbies.get(round.lobbyId) : undefined;
    const staff = (await this.roleOf(row, user)) !== null;
    const now = this.clock.now();
    return {
      tournamentId: row.id,
      round: round ? { id: round.id, name: round.name, number: round.number } : null,
      lobby: lobby && round?.lobbyId ? { id: round.lobbyId, code: lobby.code, joinToken: lobby.visibility === 'private' ? lobby.joinToken : null } : null,
      tiles: snapshot.fixtures
        .filter((fixture) => fixture.roundId === round?.id && fixture.timerId)
        .map((fixture) => {
          const view = fixtureView(snapshot, fixture, staff, now);
          return {
            fixtureId: fixture.id,
            timerId: fixture.timerId!,
            timerShortid: view.timerShortid ?? '',
            venue: fixture.venue,
            aff: teams.get(fixture.affTeamId ?? '') ?? '',
            neg: teams.get(fixture.negTeamId ?? '') ?? '',
            status: view.status,
          };
        }),
    };
  }

  /** Creates a tournament owned by `user`. */
  async create(input: unknown, user: TournamentCaller): Promise<{ id: string; slug: string }> {
    const settings = parseTournamentInput(input);
    const id = newId();
    try {
      await this.repository.db.insert(tournaments).values({ id, ...settings, ownerId: user.id });
    } catch (error) {
      if (isUniqueViolation(error, 'tournaments_slug_idx')) throw new HubError('CONFLICT', T.slugTaken(settings.slug), 'slug-taken');
      throw error;
    }
    await this.changes.committed(id, 1);
    return { id, slug: settings.slug };
  }

  async update(tournament: TournamentRow, input: unknown): Promise<void> {
    const settings = parseTournamentInput(input);
    try {
      await this.changes.write(tournament.id, (tx) => tx.update(tournaments).set(settings).where(eq(tournaments.id, tournament.id)));
    } catch (error) {
      if (isUniqueViolation(error, 'tournaments_slug_idx')) throw new HubError('CONFLICT', T.slugTaken(settings.slug), 'slug-taken');
      throw error;
    }
  }

  /** Deletes the tournament and its rows; its published timers and lobbies stay as ordinary ones. */
  async remove(tournament: TournamentRow): Promise<void> {
    await this.repository.db.delete(tournaments).where(eq(tournaments.id, tournament.id));
    await this.changes.committed(tournament.id, tournament.version + 1);
  }

  async addOrganizer(tournament: TournamentRow, email: string, role: 'organizer' | 'judgeCoordinator'): Promise<TournamentOrganizer> {
    const user = await this.repository.userByEmail(email);
    if (!user) throw new HubError('BAD_REQUEST', T.accountNotFound(email), 'account-not-found');
    if (user.id === tournament.ownerId) throw new HubError('BAD_REQUEST', T.cannotRemoveOwner, 'owner-role-fixed');
    const snapshotStaff = await this.repository.db.select({ userId: tournamentStaff.userId }).from(tournamentStaff).where(eq(tournamentStaff.tournamentId, tournament.id));
    if (snapshotStaff.length >= TOURNAMENT_LIMITS.organizers && !snapshotStaff.some((member) => member.userId === user.id))
      throw new HubError('BAD_REQUEST', T.tooManyOrganizers(TOURNAMENT_LIMITS.organizers), 'too-many-organizers');
    await this.changes.write(tournament.id, (tx) =>
      tx
        .insert(tournamentStaff)
        .values({ tournamentId: tournament.id, userId: user.id, role })
        .onConflictDoUpdate({ target: [tournamentStaff.tournamentId, tournamentStaff.userId], set: { role } }),
    );
    return { userId: user.id, name: user.displayName, email: user.email, role };
  }

  async removeOrganizer(tournament: TournamentRow, userId: string): Promise<void> {
    if (userId === tournament.ownerId) throw new HubError('BAD_REQUEST', T.cannotRemoveOwner, 'owner-role-fixed');
    await this.changes.write(tournament.id, (tx) => tx.delete(tournamentStaff).where(and(eq(tournamentStaff.tournamentId, tournament.id), eq(tournamentStaff.userId, userId))));
  }

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
      const checked = checkTournamentTeamsCsv(request.text, existing.map((team) => team.name));
      if (!checked.ok) return { ok: false, errors: checked.errors };
      for (const { team } of checked.rows) {
        rows.push({ id: newId(), tournamentId: tournament.id, name: team.name, nameKey: normalizeName(team.name), school: team.school, schoolKey: tournamentSchoolKey({ librarySchoolId: null, school: team.school }), members: team.members, seed: team.seed, position: start + rows.length });
      }
    } else {
      const teamIds = request.entries.flatMap((entry) => ('teamId' in entry ? [entry.teamId] : []));
      const schoolIds = request.entries.flatMap((entry) => ('schoolId' in entry ? [entry.schoolId] : []));
      const libraryTeams = new Map((await this.schools.teamsById(teamIds)).map((team) => [team.id, team]));
      const librarySchools = new Map((await this.schools.byIds(schoolIds)).map((school) => [school.id, school]));
      for (const entry of request.entries) {
        if ('teamId' in entry) {
          const team = libraryTeams.get(entry.teamId);
          if (!team) throw new HubError('BAD_REQUEST', T.libraryTeamNotFound(entry.teamId), 'library-team-not-found');
          const members = [...team.members].sort((x, y) => x.position - y.position).map((member) => member.name);
          rows.push({ id: newId(), tournamentId: tournament.id, name: team.name, nameKey: normalizeName(team.name), school: team.schoolName, schoolKey: tournamentSchoolKey({ librarySchoolId: team.schoolId, school: team.schoolName }), libraryTeamId: team.id, librarySchoolId: team.schoolId, members, position: start + rows.length });
        } else {
          const school = librarySchools.get(entry.schoolId);
          if (!school) throw new HubError('BAD_REQUEST', T.librarySchoolNotFound(entry.schoolId), 'library-school-not-found');
          const name = entry.name || school.shortName || school.name;
          rows.push({ id: newId(), tournamentId: tournament.id, name, nameKey: normalizeName(name), school: school.name, schoolKey: tournamentSchoolKey({ librarySchoolId: school.id, school: school.name }), librarySchoolId: school.id, position: start + rows.length });
        }
      }
      const taken = new Set(existing.map((team) => normalizeName(team.name)));
      for (const row of rows) {
        if (taken.has(row.nameKey)) throw new HubError('CONFLICT', T.teamDuplicate(row.name), 'team-duplicate');
        taken.add(row.nameKey);
      }
    }
    if (existing.length + rows.length > TOURNAMENT_LIMITS.teams) throw new HubError('BAD_REQUEST', T.tooManyTeams(TOURNAMENT_LIMITS.teams), 'too-many-teams');
    if (rows.length > 0) await this.changes.write(tournament.id, (tx) => tx.insert(tournamentTeams).values(rows));
    return { ok: true, added: rows.length };
  }

  /** Removes a team that is in no pool and no fixture. */
  async removeTeam(tournament: TournamentRow, teamId: string): Promise<void> {
    const [team] = await this.repository.db.select().from(tournamentTeams).where(and(eq(tournamentTeams.id, teamId), eq(tournamentTeams.tournamentId, tournament.id)));
    if (!team) throw new HubError('NOT_FOUND', T.teamNotFound, 'team-not-found');
    const [used] = await this.repository.db
      .select({ id: tournamentFixtures.id })
      .from(tournamentFixtures)
      .where(and(eq(tournamentFixtures.tournamentId, tournament.id), sql`(${tournamentFixtures.affTeamId} = ${teamId} or ${tournamentFixtures.negTeamId} = ${teamId})`))
      .limit(1);
    if (team.poolId || used) throw new HubError('CONFLICT', T.teamInDraw, 'team-in-draw');
    await this.changes.write(tournament.id, (tx) => tx.delete(tournamentTeams).where(eq(tournamentTeams.id, teamId)));
  }

  async addJudge(tournament: TournamentRow, input: JudgeInput): Promise<TournamentJudge> {
    const judges = await this.repository.db.select({ position: tournamentJudges.position }).from(tournamentJudges).where(eq(tournamentJudges.tournamentId, tournament.id));
    if (judges.length >= TOURNAMENT_LIMITS.judges) throw new HubError('BAD_REQUEST', T.tooManyJudges(TOURNAMENT_LIMITS.judges), 'too-many-judges');
    const user = input.email ? await this.repository.userByEmail(input.email) : null;
    if (input.email && !user) throw new HubError('BAD_REQUEST', T.accountNotFound(input.email), 'account-not-found');
    checkSchoolKeys(input.conflicts);
    const judge = {
      id: newId(),
      tournamentId: tournament.id,
      name: input.name,
      userId: user?.id ?? null,
      email: user?.email ?? null,
      conflicts: [...new Set(input.conflicts)],
      ballotToken: newSecretKey(),
      revoked: false,
      position: judges.reduce((max, row) => Math.max(max, row.position + 1), 0),
    };
    await this.changes.write(tournament.id, (tx) => tx.insert(tournamentJudges).values(judge));
    return { id: judge.id, name: judge.name, userId: judge.userId, email: judge.email, conflicts: judge.conflicts, ballotToken: judge.ballotToken, revoked: false };
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
    const revokedTokens = judge.ballotToken ? [...judge.revokedTokens, judge.ballotToken].slice(-20) : judge.revokedTokens;
    await this.changes.write(tournament.id, (tx) => tx.update(tournamentJudges).set({ ballotToken, revokedTokens, revoked: false }).where(eq(tournamentJudges.id, judgeId)));
    return { ballotToken };
  }

  async setConflicts(tournament: TournamentRow, judgeId: string, keys: string[]): Promise<void> {
    await this.judge(tournament, judgeId);
    checkSchoolKeys(keys);
    await this.changes.write(tournament.id, (tx) => tx.update(tournamentJudges).set({ conflicts: [...new Set(keys)] }).where(eq(tournamentJudges.id, judgeId)));
  }

  async exportFixtures(slug: string, user: TournamentCaller | null): Promise<CsvExport> {
    const view = await this.view(slug, user);
    return { filename: `${view.slug}-赛程与结果.csv`, csv: fixturesCsv(view) };
  }

  async exportStandings(slug: string, user: TournamentCaller | null): Promise<CsvExport> {
    const view = await this.view(slug, user);
    return { filename: `${view.slug}-积分榜.csv`, csv: standingsCsv(view) };
  }

  private async judge(tournament: TournamentRow, judgeId: string) {
    const [judge] = await this.repository.db.select().from(tournamentJudges).where(and(eq(tournamentJudges.id, judgeId), eq(tournamentJudges.tournamentId, tournament.id)));
    if (!judge) throw new HubError('NOT_FOUND', T.judgeNotFound, 'judge-not-found');
    return judge;
  }
}

/** School keys are `school:<library id>` or `name:<normalized name>`. */
function checkSchoolKeys(keys: readonly string[]): void {
  const bad = keys.find((key) => !/^(school|name):.+/.test(key));
  if (bad) throw new HubError('BAD_REQUEST', T.unknownSchool(bad), 'school-key-invalid');
}
