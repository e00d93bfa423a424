import {
  castingVoteDefault,
  chineseIssueMessage,
  fixturesCsv,
  getBuiltinFormat,
  standingsCsv,
  tournamentInputSchema,
  tournamentRoleAtLeast,
  validateFormat,
  type CsvExport,
  type LiveRound,
  type TournamentFormat,
  type TournamentInput,
  type TournamentRole,
  type TournamentSummary,
  type TournamentView,
} from '@bianshi/shared';
import { and, count, eq } from 'drizzle-orm';
import { lockAccount } from '../auth/account-lock';
import type { Clock } from '../lib/clock';
import { HubError } from '../lib/errors';
import { newId } from '../lib/ids';
import type { RateLimiter } from '../lib/rate-limit';
import type { EntitlementService } from '../commerce/entitlements.service';
import { BallotRepository } from './ballot.repository';
import { resettlePending } from './ballot.service';
import { T } from './messages';
import type { StaffInvites } from './staff-invites';
import type { TournamentChanges } from './tournament-changes';
import { buildView, championOf, fixtureView } from './tournament-view';
import { isUniqueViolation, type TournamentRepository, type TournamentRow } from './tournament.repository';
import { tournamentStaff, tournaments } from './tournament.schema';

/** The account calling, if any. */
export interface TournamentCaller {
  id: string;
  email: string;
  displayName: string;
  /** Whether the account proved its address (pending invitations need it when the hub can check). */
  emailVerified?: boolean;
}

/** Parses a tournament's settings with zh-CN messages and checks its format; throws BAD_REQUEST. */
export function parseTournamentInput(input: unknown): TournamentInput {
  const parsed = tournamentInputSchema.safeParse(input, { error: chineseIssueMessage });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new HubError('BAD_REQUEST', issue.message, 'tournament-invalid', {
      path: issue.path.map(String).join('.'),
      issues: parsed.error.issues.map((each) => ({
        path: each.path.map(String).join('.'),
        message: each.message,
      })),
    });
  }
  const format = parsed.data.format;
  if (format.kind === 'builtin' && !getBuiltinFormat(format.id))
    throw new HubError('BAD_REQUEST', `未知的赛制：${format.id}`, 'format-unknown');
  if (format.kind === 'custom' && !validateFormat(format.format).ok)
    throw new HubError('BAD_REQUEST', T.formatInvalid, 'format-invalid');
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
    private readonly clock: Clock,
    /** Ballot page and submissions per address. */
    readonly ballotLimiter: RateLimiter,
    /** How many tournaments an account may own follows its plan. */
    private readonly plans: Pick<EntitlementService, 'limitCheck'>,
    /** Staff invitations by email, claimed here when their invitee opens a tournament. */
    readonly invites?: StaffInvites,
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

  /**
   * The caller's staff role: owner, organizer, judge coordinator, or none. A pending invitation
   * to the caller's (verified) address becomes their role here, the first time they open it.
   */
  async roleOf(tournament: TournamentRow, user: TournamentCaller | null): Promise<TournamentRole | null> {
    if (!user) return null;
    if (tournament.ownerId === user.id) return 'owner';
    const role = await this.repository.staffRole(tournament.id, user.id);
    return role ?? (await this.invites?.claim(user, tournament.id)) ?? null;
  }

  /** A tournament the caller may see, by slug (a private one is NOT_FOUND to anyone but staff). */
  async visible(slug: string, user: TournamentCaller | null): Promise<TournamentRow> {
    const row = await this.repository.findBySlug(slug);
    if (!row || (row.visibility === 'private' && (await this.roleOf(row, user)) === null))
      throw new HubError('NOT_FOUND', T.notFound, 'tournament-not-found');
    return row;
  }

  /** Versions of a tournament: now, then on every change on any hub. */
  versions(tournamentId: string, signal: AbortSignal): AsyncGenerator<number> {
    return this.changes.versions(tournamentId, async () => (await this.find(tournamentId)).version, signal);
  }

  async list(scope: 'public' | 'mine', user: TournamentCaller | null): Promise<TournamentSummary[]> {
    if (scope === 'mine' && !user) return [];
    if (scope === 'mine' && user) await this.invites?.claim(user);
    const rows = await this.repository.list(
      scope === 'mine' && user ? { kind: 'mine', userId: user.id } : { kind: 'public' },
    );
    const counts = await this.repository.listCounts(rows.map((row) => row.id));
    const finished = await this.championDecided(rows);
    const staff = user
      ? await this.repository.staffRoles(
          user.id,
          rows.map((row) => row.id),
        )
      : new Map<string, TournamentRole>();
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      season: row.season,
      visibility: row.visibility,
      startDate: row.startDate,
      endDate: row.endDate,
      teamCount: counts.get(row.id)?.teams ?? 0,
      liveFixtures: counts.get(row.id)?.live ?? 0,
      finished: finished.has(row.id),
      myRole: user && row.ownerId === user.id ? 'owner' : (staff.get(row.id) ?? null),
    }));
  }

  /** Which of `rows` have their champion decided (a knockout whose final has a confirmed winner, or BP first place). */
  private async championDecided(rows: readonly TournamentRow[]): Promise<Set<string>> {
    const withKnockout = await this.repository.withKnockout(rows.map((row) => row.id));
    const decided = new Set<string>();
    for (const row of rows) {
      if (!withKnockout.has(row.id)) continue;
      if (championOf(await this.repository.snapshot(row))) decided.add(row.id);
    }
    return decided;
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
      tournamentName: row.name,
      round: round ? { id: round.id, name: round.name, number: round.number } : null,
      lobby:
        lobby && round?.lobbyId
          ? {
              id: round.lobbyId,
              code: lobby.code,
              joinToken: lobby.visibility === 'private' ? lobby.joinToken : null,
            }
          : null,
      staff,
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
            ...(fixture.cgTeamId || fixture.coTeamId
              ? { cg: teams.get(fixture.cgTeamId ?? '') ?? '', co: teams.get(fixture.coTeamId ?? '') ?? '' }
              : {}),
            status: view.status,
            topic: view.topic.released ? view.topic.text : null,
          };
        }),
      nextTopicReleaseAt: snapshot.fixtures
        .filter(
          (fixture) =>
            fixture.roundId === round?.id &&
            fixture.topicId &&
            fixture.topicReleaseAt !== null &&
            fixture.topicReleaseAt > now,
        )
        .reduce<number | null>((next, fixture) => Math.min(next ?? Infinity, fixture.topicReleaseAt!), null),
    };
  }

  /**
   * Creates a tournament owned by `user`, if its plan allows one more (`tournaments`). A taken
   * address is said first: it is the caller's to fix whatever the plan.
   */
  async create(input: unknown, user: TournamentCaller): Promise<{ id: string; slug: string }> {
    const settings = parseTournamentInput(input);
    if (await this.repository.findBySlug(settings.slug))
      throw new HubError('CONFLICT', T.slugTaken(settings.slug), 'slug-taken');
    // The plan is read first; the count and the insert are one transaction under the account's lock.
    const admit = await this.plans.limitCheck(user.id, 'tournaments');
    const id = newId();
    try {
      await this.repository.db.transaction(async (tx) => {
        await lockAccount(tx, user.id);
        const [owned] = await tx
          .select({ n: count() })
          .from(tournaments)
          .where(eq(tournaments.ownerId, user.id));
        admit(owned?.n ?? 0);
        await tx.insert(tournaments).values({
          id,
          ...settings,
          teamsPerRoom: roomSizeOf(settings.format),
          castingVote: settings.castingVote ?? castingVoteDefault(settings.format),
          ownerId: user.id,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error, 'tournaments_slug_idx'))
        throw new HubError('CONFLICT', T.slugTaken(settings.slug), 'slug-taken');
      throw error;
    }
    await this.changes.committed(id, 1);
    return { id, slug: settings.slug };
  }

  async update(tournament: TournamentRow, input: unknown): Promise<void> {
    const settings = parseTournamentInput(input);
    try {
      // A change of format to or from BP changes the room size; an unchanged format keeps it
      // (an imported four-team tournament may run under another format).
      const formatChanged = canonicalJson(settings.format) !== canonicalJson(tournament.format);
      await this.changes.write(tournament.id, async (tx) => {
        const ballots = new BallotRepository(tx);
        const was = await ballots.castingVote(tournament.id);
        // Left out, the casting vote stays, or follows a new format's default.
        const castingVote =
          settings.castingVote ?? (formatChanged ? castingVoteDefault(settings.format) : was);
        // Pending results follow the new rule first: rooms are locked before the tournament's row, as ballots do.
        if (castingVote !== was) await resettlePending(ballots, tournament.id, castingVote);
        await tx
          .update(tournaments)
          .set({
            ...(formatChanged ? { ...settings, teamsPerRoom: roomSizeOf(settings.format) } : settings),
            castingVote,
          })
          .where(eq(tournaments.id, tournament.id));
      });
    } catch (error) {
      if (isUniqueViolation(error, 'tournaments_slug_idx'))
        throw new HubError('CONFLICT', T.slugTaken(settings.slug), 'slug-taken');
      throw error;
    }
  }

  /** Deletes the tournament and its rows; its published timers and lobbies stay as ordinary ones. */
  async remove(tournament: TournamentRow): Promise<void> {
    await this.repository.db.delete(tournaments).where(eq(tournaments.id, tournament.id));
    await this.changes.committed(tournament.id, tournament.version + 1);
  }

  async removeOrganizer(tournament: TournamentRow, userId: string): Promise<void> {
    if (userId === tournament.ownerId)
      throw new HubError('BAD_REQUEST', T.cannotRemoveOwner, 'owner-role-fixed');
    await this.changes.write(tournament.id, (tx) =>
      tx
        .delete(tournamentStaff)
        .where(and(eq(tournamentStaff.tournamentId, tournament.id), eq(tournamentStaff.userId, userId))),
    );
  }

  async exportFixtures(slug: string, user: TournamentCaller | null): Promise<CsvExport> {
    const view = await this.view(slug, user);
    return { filename: `${view.slug}-赛程与结果.csv`, csv: fixturesCsv(view) };
  }

  async exportStandings(slug: string, user: TournamentCaller | null): Promise<CsvExport> {
    const view = await this.view(slug, user);
    return { filename: `${view.slug}-积分榜.csv`, csv: standingsCsv(view) };
  }
}

/** Teams in a room for a format: four for British Parliamentary, else two. */
function roomSizeOf(format: TournamentFormat): 2 | 4 {
  return format.kind === 'builtin' && format.id === 'bp' ? 4 : 2;
}

/** JSON with every object's keys sorted: a jsonb column gives its keys back in its own order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, each: unknown) =>
    each && typeof each === 'object' && !Array.isArray(each)
      ? Object.fromEntries(Object.entries(each).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : each,
  );
}
