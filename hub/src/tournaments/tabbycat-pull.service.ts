/**
 * Runs the clocks of a tournament tabbed in Tabbycat: `link` mirrors the site's tournament
 * (institutions, teams with speakers, adjudicators, venues, rounds and their motions) into one of
 * ours and keeps where it is; `pullRound` reads a released round's draw and gives every room a
 * fixture (a BP room's four teams in their positions, OG/OO/CG/CO), a timer with its display, and
 * the round one lobby (RoundPublisher), then on a later pull updates the rooms whose teams, venue
 * or panel changed in place, keeping their timers.
 * Mirrored rows are matched to the site's by id (tournament_tabbycat_refs), so renames update.
 */
import {
  TOURNAMENT_LIMITS,
  castingVoteDefault,
  isBpRoom,
  normalizeName,
  tournamentSchoolKey,
} from '@bianshi/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import { lockAccount } from '../auth/account-lock';
import type { EntitlementService } from '../commerce/entitlements.service';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { HubError } from '../lib/errors';
import { newId, newSecretKey } from '../lib/ids';
import { isPrivateLiteral } from '../lib/outbound';
import { lobbyLinks, type LobbyService } from '../lobbies/lobby.service';
import { TimerSettingsRepository } from '../timers/timer-settings.repository';
import type { TimerService } from '../timers/timer.service';
import { timerUrls } from '../timers/outcome';
import {
  TabbycatApiClient,
  TC,
  idOf,
  normalizeSiteUrl,
  siteAddress,
  type TcAdjudicator,
  type TcInstitution,
  type TcPairing,
  type TcRound,
  type TcTeam,
  type TcTournament,
  type TcVenue,
} from './tabbycat-api.client';
import { freeTournamentSlug, slugBase } from './tabbycat-import.service';
import { fixtureTimerInput, type RoundPublisher } from './round-publisher';
import type { TournamentChanges } from './tournament-changes';
import { motionsOfRound } from './tournament-view';
import { isUniqueViolation, type TournamentRepository, type TournamentRow } from './tournament.repository';
import { parseTournamentInput } from './tournament.service';
import {
  tournamentFixtures,
  tournamentInstitutions,
  tournamentJudges,
  tournamentMotions,
  tournamentRounds,
  tournamentSpeakers,
  tournamentStages,
  tournamentTabbycatLinks,
  tournamentTabbycatRefs,
  tournamentTeams,
  tournaments,
  type RoundDrawKind,
  type TabbycatRefKind,
} from './tournament.schema';

/** Where the Tabbycat tournament is, as a user gives it. */
export interface TabbycatLinkInput {
  siteUrl: string;
  tournamentSlug: string;
  token: string;
}

/** What linking created or updated (never the token). */
export interface TabbycatLinkResult {
  tournament: { id: string; slug: string; name: string };
  created: boolean;
  siteUrl: string;
  tournamentSlug: string;
  teamsPerRoom: 2 | 4;
  institutions: number;
  teams: number;
  adjudicators: number;
  venues: number;
  rounds: Array<{ seq: number; name: string; released: boolean }>;
  motions: number;
}

/** A tournament's link as its console shows it (the token only by its last characters). */
export interface TabbycatLinkInfo {
  siteUrl: string;
  tournamentSlug: string;
  /** The token's last four characters ('' for a short token); the token itself is never returned. */
  tokenHint: string;
  pulledAt: number | null;
}

/** One room of a pulled round, as its staff needs it. */
export interface PulledRoom {
  fixtureId: string;
  venue: string;
  /** 正方, or a BP room's opening government (OG). */
  aff: string;
  /** 反方, or a BP room's opening opposition (OO). */
  neg: string;
  /** A BP room's closing government (CG) and closing opposition (CO); null in a two-team room. */
  closing: { cg: string; co: string } | null;
  judges: string[];
  timerId: string | null;
  /** Display and short links of the room's timer, relative to the site. */
  links: { display: string; short: string; manage: string } | null;
  /** What this pull did to the room. */
  change: 'added' | 'changed' | 'unchanged';
  /** For a changed room: which of teams, venue, panel changed ('sides': the same teams in other positions). */
  changed: Array<'teams' | 'venue' | 'panel' | 'sides'>;
}

/** What a pull did. */
export interface TabbycatPullResult {
  roundId: string;
  roundName: string;
  /** Published on this pull (first pull of the round), not only updated. */
  published: boolean;
  lobby: { id: string; code: string; links: { join: string; short: string } } | null;
  rooms: PulledRoom[];
  /** Rooms that are no longer in Tabbycat's draw (their timers stay, off the round's lobby). */
  removed: Array<{ venue: string; aff: string; neg: string; timerId: string | null }>;
  summary: { added: number; changed: number; unchanged: number; removed: number };
  /** The round's motions as mirrored (text only when released on Tabbycat). */
  motions: Array<{ seq: number; reference: string; text: string; released: boolean }>;
}

const SLUG = /^[A-Za-z0-9_-]{1,100}$/;
const TOKEN = /^[A-Za-z0-9._~+/=-]{8,200}$/;
/** Name lengths the tournament's own forms allow. */
const MAX = { team: 80, school: 80, judge: 40, venue: 40, speaker: 40, round: 40 } as const;

const DRAW_KINDS: Record<string, RoundDrawKind> = {
  R: 'random',
  M: 'manual',
  D: 'roundRobin',
  P: 'power',
  E: 'elimination',
  S: 'manual',
};

type RefMaps = Record<TabbycatRefKind, Map<number, string>>;

/** Everything read from the site for one sync. */
interface SiteData {
  tournament: TcTournament;
  institutions: TcInstitution[];
  teams: TcTeam[];
  adjudicators: TcAdjudicator[];
  venues: TcVenue[];
  rounds: TcRound[];
  teamsPerRoom: 2 | 4;
}

/** Links tournaments to Tabbycat sites and pulls their rounds' draws. */
export class TabbycatPull {
  constructor(
    private readonly repository: TournamentRepository,
    private readonly changes: TournamentChanges,
    private readonly rounds: RoundPublisher,
    private readonly timers: TimerService,
    private readonly lobbies: LobbyService,
    private readonly clock: Clock,
    private readonly options: {
      /** TABBYCAT_ALLOW_PRIVATE: sites on loopback and private networks may be reached. */
      allowPrivate: boolean;
      plans?: Pick<EntitlementService, 'limitCheck'>;
      timeoutMs?: number;
    },
  ) {}

  /**
   * Reads the site's tournament and mirrors it: into `tournamentId` when given (the caller is its
   * organizer), else into the tournament `ownerId` already linked to the same site and slug, else
   * into a new tournament owned by `ownerId` (counted against the plan). Nothing is written when
   * the site cannot be read.
   */
  async link(
    ownerId: string,
    input: TabbycatLinkInput,
    options: { tournamentId?: string } = {},
  ): Promise<TabbycatLinkResult> {
    // Relinking a linked tournament may leave the token out: the one kept on the hub is used.
    let token = input.token.trim();
    if (!token && options.tournamentId) {
      const [kept] = await this.repository.db
        .select({ token: tournamentTabbycatLinks.token })
        .from(tournamentTabbycatLinks)
        .where(eq(tournamentTabbycatLinks.tournamentId, options.tournamentId))
        .limit(1);
      token = kept?.token ?? '';
    }
    if (!token) throw new HubError('BAD_REQUEST', TC.tokenMissing, 'tabbycat-token-missing');
    const target = this.checkTarget({ ...input, token });
    const data = await this.read(this.client(target));
    checkLimits(data);

    const existing = options.tournamentId
      ? await this.repository.find(options.tournamentId)
      : await this.linkedBy(ownerId, target.siteUrl, target.tournamentSlug);
    if (options.tournamentId && !existing) throw new HubError('NOT_FOUND', '找不到这个赛事', 'not-found');
    const now = this.clock.now();
    let tournament: TournamentRow;
    let created = false;
    if (existing) {
      tournament = existing;
      await this.changes.write(existing.id, async (tx) => {
        await this.sync(tx, existing.id, data, now);
        await saveLink(tx, existing.id, target, ownerId);
      });
    } else {
      tournament = await this.create(ownerId, target, data, now);
      created = true;
    }
    const motions = data.rounds.reduce((sum, round) => sum + (round.motions?.length ?? 0), 0);
    return {
      tournament: { id: tournament.id, slug: tournament.slug, name: tournament.name },
      created,
      siteUrl: target.siteUrl,
      tournamentSlug: target.tournamentSlug,
      teamsPerRoom: data.teamsPerRoom,
      institutions: data.institutions.length,
      teams: data.teams.length,
      adjudicators: data.adjudicators.length,
      venues: data.venues.length,
      rounds: [...data.rounds]
        .sort((x, y) => x.seq - y.seq)
        .map((round) => ({ seq: round.seq, name: round.name, released: round.draw_status === 'R' })),
      motions,
    };
  }

  /**
   * Where a tournament is linked, for its console: the site, the slug there, the token's last
   * four characters only (never the token), and when it was last pulled; null when not linked.
   */
  async linkInfo(tournament: TournamentRow): Promise<TabbycatLinkInfo | null> {
    const [link] = await this.repository.db
      .select()
      .from(tournamentTabbycatLinks)
      .where(eq(tournamentTabbycatLinks.tournamentId, tournament.id))
      .limit(1);
    if (!link) return null;
    return {
      siteUrl: link.siteUrl,
      tournamentSlug: link.remoteSlug,
      tokenHint: link.token.length > 8 ? link.token.slice(-4) : '',
      pulledAt: link.pulledAt,
    };
  }

  /**
   * Pulls round `roundSeq` (Tabbycat's sequence number) of a linked tournament: participants
   * first (new teams and judges appear), then the draw. The first pull publishes the round (a
   * timer per room and one lobby); a later pull updates changed rooms in place, gives new rooms
   * timers in the same lobby and takes rooms Tabbycat dropped off it.
   */
  async pullRound(tournament: TournamentRow, roundSeq: number): Promise<TabbycatPullResult> {
    const [link] = await this.repository.db
      .select()
      .from(tournamentTabbycatLinks)
      .where(eq(tournamentTabbycatLinks.tournamentId, tournament.id))
      .limit(1);
    if (!link) throw new HubError('NOT_FOUND', TC.notLinked, 'tabbycat-not-linked');
    const client = this.client({
      siteUrl: link.siteUrl,
      tournamentSlug: link.remoteSlug,
      token: link.token,
    });
    const remote = await client.round(roundSeq);
    if (remote.draw_status === 'N')
      throw new HubError('CONFLICT', TC.drawNone(remote.name), 'tabbycat-no-draw');
    if (remote.draw_status !== 'R')
      throw new HubError('CONFLICT', TC.drawNotReleased(remote.name), 'tabbycat-draw-unreleased');
    const [data, pairings] = await Promise.all([this.read(client), client.pairings(roundSeq)]);
    checkLimits(data);
    const now = this.clock.now();

    // Participants, the round's motions and the rooms' fixtures, in one transaction.
    const plan = await this.changes.write(tournament.id, async (tx) => {
      const refs = await this.sync(tx, tournament.id, data, now);
      await tx
        .update(tournamentTabbycatLinks)
        .set({ pulledAt: now, updatedAt: new Date() })
        .where(eq(tournamentTabbycatLinks.tournamentId, tournament.id));
      const roundId = refs.round.get(remote.id);
      if (!roundId) throw new HubError('NOT_FOUND', TC.roundNotFound(roundSeq), 'tabbycat-not-found');
      return this.writeRooms(tx, tournament.id, roundId, pairings, refs, data.teamsPerRoom);
    });

    let published = false;
    const [round] = await this.repository.db
      .select()
      .from(tournamentRounds)
      .where(eq(tournamentRounds.id, plan.roundId))
      .limit(1);
    if (round?.status === 'draft') {
      await this.rounds.publish(tournament, plan.roundId, { asPlaced: true });
      published = true;
    } else {
      await this.extendLobby(tournament, plan.roundId, plan.removedTimerIds);
    }

    // Every room's display: teams, venue, panel and the released motions, as they now are.
    const fresh = (await this.repository.find(tournament.id)) ?? tournament;
    const snapshot = await this.repository.snapshot(fresh);
    const current = snapshot.rounds.find((each) => each.id === plan.roundId)!;
    const settings = new TimerSettingsRepository(this.repository.db);
    const fixtures = snapshot.fixtures.filter((fixture) => fixture.roundId === plan.roundId);
    const rooms: PulledRoom[] = [];
    for (const fixture of fixtures) {
      // A BP room's display shows its benches as "OG 甲 / CG 丙" and "OO 乙 / CO 丁".
      const input = fixtureTimerInput(snapshot, current.name, fixture, fixture.judgeIds, now);
      let links: PulledRoom['links'] = null;
      if (fixture.timerId) {
        await settings.mergeSettings(fixture.timerId, {
          teams: input.settings.teams,
          // The round's released motions, or the one the room debated (tournament-view.ts shownTopic).
          topic: input.settings.topic,
          details: { ...input.settings.details, topic: input.settings.topic ?? '' },
        });
        await settings.updateInfo(fixture.timerId, { name: input.name, description: input.description });
        const timer = await this.timers.changed(fixture.timerId);
        const urls = timerUrls(timer);
        links = { display: urls.display, short: urls.short, manage: urls.manage };
      }
      const team = (id: string | null) => snapshot.teams.find((row) => row.id === id)?.name ?? '';
      const change = plan.changes.get(fixture.id);
      rooms.push({
        fixtureId: fixture.id,
        venue: fixture.venue,
        aff: team(fixture.affTeamId),
        neg: team(fixture.negTeamId),
        closing: isBpRoom(fixture) ? { cg: team(fixture.cgTeamId), co: team(fixture.coTeamId) } : null,
        judges: [...fixture.judgeIds, ...fixture.traineeIds].map(
          (id) => snapshot.judges.find((judge) => judge.id === id)?.name ?? '',
        ),
        timerId: fixture.timerId,
        links,
        change: published ? 'added' : (change?.kind ?? 'added'),
        changed: published ? [] : (change?.what ?? []),
      });
    }
    const lobby = current.lobbyId ? await this.lobbies.find(current.lobbyId) : null;
    const linksOf = lobby ? lobbyLinks(lobby) : null;
    return {
      roundId: plan.roundId,
      roundName: current.name,
      published,
      lobby:
        lobby && linksOf
          ? { id: lobby.id, code: lobby.code, links: { join: linksOf.join, short: linksOf.short } }
          : null,
      rooms,
      removed: plan.removed,
      summary: {
        added: rooms.filter((room) => room.change === 'added').length,
        changed: rooms.filter((room) => room.change === 'changed').length,
        unchanged: rooms.filter((room) => room.change === 'unchanged').length,
        removed: plan.removed.length,
      },
      motions: motionsOfRound(snapshot, plan.roundId).map((motion) => ({
        seq: motion.seq,
        reference: motion.reference,
        text: motion.releasedAt !== null ? motion.text : '',
        released: motion.releasedAt !== null,
      })),
    };
  }

  private client(target: TabbycatLinkInput): TabbycatApiClient {
    return new TabbycatApiClient(target, {
      allowPrivate: this.options.allowPrivate,
      ...(this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {}),
    });
  }

  /** The input checked and normalized; refuses a private site before any request. */
  private checkTarget(input: TabbycatLinkInput): TabbycatLinkInput {
    const site = normalizeSiteUrl(input.siteUrl);
    if (!this.options.allowPrivate && isPrivateLiteral(site))
      throw new HubError('BAD_REQUEST', TC.sitePrivate, 'tabbycat-site-private');
    const tournamentSlug = input.tournamentSlug.trim();
    if (!SLUG.test(tournamentSlug))
      throw new HubError('BAD_REQUEST', TC.slugInvalid, 'tabbycat-slug-invalid');
    const token = input.token.trim();
    if (!TOKEN.test(token)) throw new HubError('BAD_REQUEST', TC.tokenInvalid, 'tabbycat-token-invalid');
    return { siteUrl: siteAddress(site), tournamentSlug, token };
  }

  /** The tournament first (it proves the token and the slug), then the rest at once. */
  private async read(client: TabbycatApiClient): Promise<SiteData> {
    const tournament = await client.tournament();
    const [institutions, teams, adjudicators, venues, rounds, teamsPerRoom] = await Promise.all([
      client.institutions(),
      client.teams(),
      client.adjudicators(),
      client.venues(),
      client.rounds(),
      client.teamsPerDebate(),
    ]);
    return { tournament, institutions, teams, adjudicators, venues, rounds, teamsPerRoom };
  }

  private async linkedBy(ownerId: string, siteUrl: string, slug: string): Promise<TournamentRow | null> {
    const [row] = await this.repository.db
      .select({ tournament: tournaments })
      .from(tournamentTabbycatLinks)
      .innerJoin(tournaments, eq(tournaments.id, tournamentTabbycatLinks.tournamentId))
      .where(
        and(
          eq(tournaments.ownerId, ownerId),
          eq(tournamentTabbycatLinks.siteUrl, siteUrl),
          eq(tournamentTabbycatLinks.remoteSlug, slug),
        ),
      )
      .limit(1);
    return row?.tournament ?? null;
  }

  /** A new tournament mirrored from `data`, counted against the owner's plan. */
  private async create(
    ownerId: string,
    target: TabbycatLinkInput,
    data: SiteData,
    now: number,
  ): Promise<TournamentRow> {
    const name = (data.tournament.name.trim() || data.tournament.slug).slice(0, 80);
    const most = data.teams.reduce((max, team) => Math.max(max, team.speakers.length), 0);
    const format = data.teamsPerRoom === 4 ? 'bp' : most >= 4 ? 'cn-worldcup' : 'australs';
    const admit = this.options.plans ? await this.options.plans.limitCheck(ownerId, 'tournaments') : null;
    let slug = await freeTournamentSlug(this.repository, slugBase(data.tournament.slug || name));
    for (let attempt = 0; ; attempt += 1) {
      const settings = parseTournamentInput({
        name,
        slug,
        format: { kind: 'builtin', id: format },
        venues: venueNames(data.venues),
      });
      const id = newId();
      try {
        await this.repository.transaction(async (db) => {
          await lockAccount(db, ownerId);
          if (admit) {
            const [owned] = await db
              .select({ n: count() })
              .from(tournaments)
              .where(eq(tournaments.ownerId, ownerId));
            admit(owned?.n ?? 0);
          }
          await db.insert(tournaments).values({
            id,
            ...settings,
            teamsPerRoom: data.teamsPerRoom,
            castingVote: castingVoteDefault(settings.format),
            ownerId,
          });
          await this.sync(db, id, data, now);
          await saveLink(db, id, target, ownerId);
        });
      } catch (error) {
        if (attempt < 3 && isUniqueViolation(error, 'tournaments_slug_idx')) {
          slug = await freeTournamentSlug(
            this.repository,
            `${slugBase(name).slice(0, 40)}-${newId().slice(0, 5).toLowerCase()}`,
          );
          continue;
        }
        throw error;
      }
      await this.changes.committed(id, 1);
      return (await this.repository.find(id))!;
    }
  }

  /**
   * Mirrors the site's institutions, teams (speakers), adjudicators, venues, rounds and motions
   * into `tournamentId`, updating rows already mirrored (matched by the site's ids). Rows the
   * site no longer has stay (a past round may still show them).
   */
  private async sync(tx: Db, tournamentId: string, data: SiteData, now: number): Promise<RefMaps> {
    const refs = await loadRefs(tx, tournamentId);
    const addRef = async (kind: TabbycatRefKind, remoteId: number, localId: string) => {
      refs[kind].set(remoteId, localId);
      await tx
        .insert(tournamentTabbycatRefs)
        .values({ tournamentId, kind, remoteId, localId })
        .onConflictDoUpdate({
          target: [
            tournamentTabbycatRefs.tournamentId,
            tournamentTabbycatRefs.kind,
            tournamentTabbycatRefs.remoteId,
          ],
          set: { localId },
        });
    };

    // Institutions: codes stay unique within the tournament.
    const existingInstitutions = await tx
      .select()
      .from(tournamentInstitutions)
      .where(eq(tournamentInstitutions.tournamentId, tournamentId));
    const usedCodes = new Set(
      existingInstitutions
        .filter((row) => ![...refs.institution.values()].includes(row.id))
        .map((row) => row.code),
    );
    const institutionById = new Map<number, { id: string; name: string }>();
    for (const [position, institution] of data.institutions.entries()) {
      let code = (institution.code.trim() || institution.name.trim() || `I${institution.id}`).slice(0, 20);
      for (let n = 2; usedCodes.has(code); n += 1) code = `${code.slice(0, 16)}-${n}`;
      usedCodes.add(code);
      const values = { name: institution.name.trim().slice(0, MAX.school) || code, code, position };
      const known = refs.institution.get(institution.id);
      if (known && existingInstitutions.some((row) => row.id === known)) {
        await tx.update(tournamentInstitutions).set(values).where(eq(tournamentInstitutions.id, known));
        institutionById.set(institution.id, { id: known, name: values.name });
      } else {
        const id = newId();
        await tx.insert(tournamentInstitutions).values({ id, tournamentId, ...values });
        await addRef('institution', institution.id, id);
        institutionById.set(institution.id, { id, name: values.name });
      }
    }
    const institutionOf = (link: string | null | undefined) => {
      const remoteId = idOf(link);
      return remoteId === null ? undefined : institutionById.get(remoteId);
    };
    const schoolKey = (name: string) => tournamentSchoolKey({ librarySchoolId: null, school: name });

    // Teams: one name per tournament (normalized), speakers in order.
    const existingTeams = await tx
      .select({ id: tournamentTeams.id, nameKey: tournamentTeams.nameKey })
      .from(tournamentTeams)
      .where(eq(tournamentTeams.tournamentId, tournamentId));
    const mirroredTeams = new Set(refs.team.values());
    const takenKeys = new Set(
      existingTeams.filter((row) => !mirroredTeams.has(row.id)).map((row) => row.nameKey),
    );
    // Renamed teams may swap names: free every mirrored team's name first.
    for (const row of existingTeams)
      if (mirroredTeams.has(row.id))
        await tx
          .update(tournamentTeams)
          .set({ nameKey: `~${row.id}` })
          .where(eq(tournamentTeams.id, row.id));
    for (const [position, team] of data.teams.entries()) {
      let name = teamName(team).slice(0, MAX.team);
      for (let n = 2; takenKeys.has(normalizeName(name)); n += 1)
        name = `${teamName(team).slice(0, 74)} (${n})`;
      takenKeys.add(normalizeName(name));
      const institution = institutionOf(team.institution);
      const values = {
        name,
        nameKey: normalizeName(name),
        school: institution?.name ?? '',
        schoolKey: institution ? schoolKey(institution.name) : '',
        institutionId: institution?.id ?? null,
        members: team.speakers.map((speaker) => speakerName(speaker.name)),
        seed: team.seed && team.seed > 0 && team.seed < 1000 ? team.seed : null,
        position,
      };
      let id = refs.team.get(team.id);
      if (id && existingTeams.some((row) => row.id === id)) {
        await tx.update(tournamentTeams).set(values).where(eq(tournamentTeams.id, id));
        await tx.delete(tournamentSpeakers).where(eq(tournamentSpeakers.teamId, id));
      } else {
        id = newId();
        await tx.insert(tournamentTeams).values({ id, tournamentId, ...values });
        await addRef('team', team.id, id);
      }
      if (team.speakers.length > 0)
        await tx.insert(tournamentSpeakers).values(
          team.speakers.map((speaker, index) => ({
            id: newId(),
            tournamentId,
            teamId: id,
            position: index,
            name: speakerName(speaker.name),
            email: speaker.email ? speaker.email.trim().toLowerCase() : null,
          })),
        );
    }
    // A mirrored team the site dropped keeps a name of its own.
    for (const row of existingTeams)
      if (mirroredTeams.has(row.id) && !data.teams.some((team) => refs.team.get(team.id) === row.id)) {
        let key = `~removed-${row.id}`;
        const [kept] = await tx
          .select({ name: tournamentTeams.name })
          .from(tournamentTeams)
          .where(eq(tournamentTeams.id, row.id));
        if (kept && !takenKeys.has(normalizeName(kept.name))) key = normalizeName(kept.name);
        takenKeys.add(key);
        await tx.update(tournamentTeams).set({ nameKey: key }).where(eq(tournamentTeams.id, row.id));
      }

    // Adjudicators: conflicted with their own institution and the ones the site lists.
    const existingJudges = await tx
      .select({ id: tournamentJudges.id })
      .from(tournamentJudges)
      .where(eq(tournamentJudges.tournamentId, tournamentId));
    for (const [position, adjudicator] of data.adjudicators.entries()) {
      const institution = institutionOf(adjudicator.institution);
      const conflicts = new Set<string>();
      for (const link of [adjudicator.institution, ...adjudicator.institution_conflicts]) {
        const each = institutionOf(link);
        if (each) conflicts.add(schoolKey(each.name));
      }
      const values = {
        name: speakerName(adjudicator.name).slice(0, MAX.judge) || `裁判 ${adjudicator.id}`,
        email: adjudicator.email ? adjudicator.email.trim().toLowerCase() : null,
        institutionId: institution?.id ?? null,
        baseScore: adjudicator.base_score ?? null,
        independent: adjudicator.independent ?? false,
        adjCore: adjudicator.adj_core ?? false,
        conflicts: [...conflicts],
        position,
      };
      const known = refs.adjudicator.get(adjudicator.id);
      if (known && existingJudges.some((row) => row.id === known)) {
        await tx.update(tournamentJudges).set(values).where(eq(tournamentJudges.id, known));
      } else {
        const id = newId();
        await tx
          .insert(tournamentJudges)
          .values({ id, tournamentId, ...values, ballotToken: newSecretKey() });
        await addRef('adjudicator', adjudicator.id, id);
      }
    }

    // Venues: the tournament's list, highest priority first; rooms refer to them by name.
    const names = venueNames(data.venues);
    for (const venue of data.venues) await addRef('venue', venue.id, venueName(venue));
    const [row] = await tx
      .select({ venues: tournaments.venues })
      .from(tournaments)
      .where(eq(tournaments.id, tournamentId));
    const venues = [...new Set([...names, ...(row?.venues ?? [])])].slice(0, TOURNAMENT_LIMITS.venues);
    await tx.update(tournaments).set({ venues }).where(eq(tournaments.id, tournamentId));

    // Rounds: preliminary ones in the group stage, elimination ones in the knockout, by seq.
    const stages = await tx
      .select()
      .from(tournamentStages)
      .where(eq(tournamentStages.tournamentId, tournamentId));
    const existingRounds = await tx
      .select({ id: tournamentRounds.id })
      .from(tournamentRounds)
      .where(eq(tournamentRounds.tournamentId, tournamentId));
    const sorted = [...data.rounds].sort((x, y) => x.seq - y.seq);
    for (const [stage, kind, stageName] of [
      ['P', 'group', '预赛'],
      ['E', 'knockout', '淘汰赛'],
    ] as const) {
      const inStage = sorted.filter((round) => round.stage === stage);
      if (inStage.length === 0) continue;
      let stageId = stages.find((each) => each.kind === kind)?.id;
      if (!stageId) {
        stageId = newId();
        await tx.insert(tournamentStages).values({
          id: stageId,
          tournamentId,
          kind,
          name: stageName,
          position: kind === 'group' ? 0 : 1,
        });
      }
      for (const [index, round] of inStage.entries()) {
        const values = {
          stageId,
          number: index + 1,
          name: round.name.trim().slice(0, MAX.round) || `第 ${round.seq} 轮`,
          abbreviation: round.abbreviation.slice(0, 10),
          drawKind: DRAW_KINDS[round.draw_type] ?? 'manual',
          silent: round.silent,
        };
        let id = refs.round.get(round.id);
        if (id && existingRounds.some((each) => each.id === id)) {
          await tx.update(tournamentRounds).set(values).where(eq(tournamentRounds.id, id));
        } else {
          id = newId();
          await tx.insert(tournamentRounds).values({ id, tournamentId, ...values });
          await addRef('round', round.id, id);
        }
        // The round's motion set, as the site has it now (only present for a staff token).
        if (round.motions) {
          const previous = await tx
            .select({ seq: tournamentMotions.seq, releasedAt: tournamentMotions.releasedAt })
            .from(tournamentMotions)
            .where(eq(tournamentMotions.roundId, id));
          await tx.delete(tournamentMotions).where(eq(tournamentMotions.roundId, id));
          if (round.motions.length > 0)
            await tx.insert(tournamentMotions).values(
              round.motions.map((motion) => ({
                id: newId(),
                tournamentId,
                roundId: id,
                seq: motion.seq,
                reference: motion.reference.slice(0, 100),
                text: motion.text,
                infoSlide: motion.info_slide,
                releasedAt: round.motions_released
                  ? (previous.find((each) => each.seq === motion.seq)?.releasedAt ?? now)
                  : null,
              })),
            );
        }
      }
    }
    return refs;
  }

  /**
   * Writes the rooms of a round from its pairings. Each pairing keeps the fixture it had (by the
   * site's id, else a room in the same venue); in a draft round fixtures are simply written, in a
   * published one the changed ones are updated in place and dropped ones removed.
   */
  private async writeRooms(
    tx: Db,
    tournamentId: string,
    roundId: string,
    pairings: TcPairing[],
    refs: RefMaps,
    teamsPerRoom: 2 | 4,
  ) {
    const local = await tx.select().from(tournamentFixtures).where(eq(tournamentFixtures.roundId, roundId));
    const teamNames = new Map(
      (
        await tx
          .select({ id: tournamentTeams.id, name: tournamentTeams.name })
          .from(tournamentTeams)
          .where(eq(tournamentTeams.tournamentId, tournamentId))
      ).map((row) => [row.id, row.name]),
    );
    const unmatched = new Map(local.map((fixture) => [fixture.id, fixture]));
    const changes = new Map<
      string,
      { kind: 'added' | 'changed' | 'unchanged'; what: PulledRoom['changed'] }
    >();
    const wanted = pairings.map((pairing, position) => {
      const sides = sidesOf(pairing, teamsPerRoom);
      const team = (link: string | null) => {
        if (!link) return null;
        const remoteId = idOf(link);
        const id = remoteId === null ? undefined : refs.team.get(remoteId);
        if (!id)
          throw new HubError('BAD_REQUEST', TC.malformed('对阵（引用了未知的队伍）'), 'tabbycat-malformed');
        return id;
      };
      const venueId = idOf(pairing.venue);
      const ours = (links: ReadonlyArray<string | null | undefined>) =>
        links.flatMap((link) => {
          const remoteId = idOf(link);
          const id = remoteId === null ? undefined : refs.adjudicator.get(remoteId);
          return id ? [id] : [];
        });
      // The voting panel, chair first; trainees sit in the room without a vote (panels.ts).
      const judgeIds = [
        ...new Set(
          pairing.adjudicators
            ? ours([pairing.adjudicators.chair ?? null, ...pairing.adjudicators.panellists])
            : [],
        ),
      ];
      const voting = new Set(judgeIds);
      const traineeIds = [...new Set(pairing.adjudicators ? ours(pairing.adjudicators.trainees) : [])].filter(
        (id) => !voting.has(id),
      );
      return {
        pairing,
        position,
        affTeamId: team(sides.og),
        negTeamId: team(sides.oo),
        cgTeamId: team(sides.cg),
        coTeamId: team(sides.co),
        venue: venueId === null ? '' : (refs.venue.get(venueId) ?? ''),
        judgeIds,
        traineeIds,
        sidesDrawn: pairing.sides_confirmed,
      };
    });
    // Match: the same pairing first, then the same venue.
    const matched = new Map<number, (typeof local)[number]>();
    for (const room of wanted) {
      const id = refs.pairing.get(room.pairing.id);
      const fixture = id ? unmatched.get(id) : undefined;
      if (fixture) {
        matched.set(room.position, fixture);
        unmatched.delete(fixture.id);
      }
    }
    for (const room of wanted) {
      if (matched.has(room.position) || !room.venue) continue;
      const fixture = [...unmatched.values()].find((each) => each.venue === room.venue);
      if (fixture) {
        matched.set(room.position, fixture);
        unmatched.delete(fixture.id);
      }
    }

    const removed = [...unmatched.values()];
    if (removed.length > 0)
      await tx.delete(tournamentFixtures).where(
        inArray(
          tournamentFixtures.id,
          removed.map((fixture) => fixture.id),
        ),
      );
    for (const room of wanted) {
      const values = {
        position: room.position,
        affTeamId: room.affTeamId,
        negTeamId: room.negTeamId,
        cgTeamId: room.cgTeamId,
        coTeamId: room.coTeamId,
        venue: room.venue,
        judgeIds: room.judgeIds,
        traineeIds: room.traineeIds,
        sidesDrawn: room.sidesDrawn,
      };
      const before = matched.get(room.position);
      let fixtureId: string;
      if (before) {
        fixtureId = before.id;
        const what: PulledRoom['changed'] = [];
        const seats = (row: typeof room | typeof before) => [
          row.affTeamId,
          row.negTeamId,
          row.cgTeamId,
          row.coTeamId,
        ];
        if (JSON.stringify(seats(before)) !== JSON.stringify(seats(room)))
          // The same teams in other positions (sides swapped, a BP room's seats reshuffled), or other teams.
          what.push(
            JSON.stringify(seats(before).sort()) === JSON.stringify(seats(room).sort()) ? 'sides' : 'teams',
          );
        if (before.venue !== room.venue) what.push('venue');
        if (
          JSON.stringify([before.judgeIds, before.traineeIds]) !==
          JSON.stringify([room.judgeIds, room.traineeIds])
        )
          what.push('panel');
        changes.set(fixtureId, { kind: what.length ? 'changed' : 'unchanged', what });
        await tx.update(tournamentFixtures).set(values).where(eq(tournamentFixtures.id, fixtureId));
      } else {
        fixtureId = newId();
        changes.set(fixtureId, { kind: 'added', what: [] });
        await tx.insert(tournamentFixtures).values({ id: fixtureId, tournamentId, roundId, ...values });
      }
      refs.pairing.set(room.pairing.id, fixtureId);
      await tx
        .insert(tournamentTabbycatRefs)
        .values({ tournamentId, kind: 'pairing', remoteId: room.pairing.id, localId: fixtureId })
        .onConflictDoUpdate({
          target: [
            tournamentTabbycatRefs.tournamentId,
            tournamentTabbycatRefs.kind,
            tournamentTabbycatRefs.remoteId,
          ],
          set: { localId: fixtureId },
        });
    }
    const name = (id: string | null) => (id ? (teamNames.get(id) ?? '') : '');
    return {
      roundId,
      changes,
      removedTimerIds: removed.flatMap((fixture) => (fixture.timerId ? [fixture.timerId] : [])),
      removed: removed.map((fixture) => ({
        venue: fixture.venue,
        aff: name(fixture.affTeamId),
        neg: name(fixture.negTeamId),
        timerId: fixture.timerId,
      })),
    };
  }

  /**
   * After a published round's rooms changed: timers for rooms that have none yet, and the
   * round's lobby showing exactly the rooms' timers (dropped rooms' timers leave it).
   */
  private async extendLobby(
    tournament: TournamentRow,
    roundId: string,
    removedTimerIds: string[],
  ): Promise<void> {
    const snapshot = await this.repository.snapshot(tournament);
    const round = snapshot.rounds.find((each) => each.id === roundId);
    if (!round) return;
    const fixtures = snapshot.fixtures.filter((fixture) => fixture.roundId === roundId);
    const missing = fixtures.filter((fixture) => !fixture.timerId);
    if (missing.length > 0) {
      const prepared = this.rounds.prepareTimers(
        snapshot,
        round.name,
        missing.map((fixture) => ({ fixture, judgeIds: fixture.judgeIds })),
        this.clock.now(),
      );
      await this.changes.write(tournament.id, async (tx) => {
        await this.rounds.writeTimers(tx, snapshot, prepared);
        for (const { fixture, timer } of prepared)
          await tx
            .update(tournamentFixtures)
            .set({ timerId: timer.id })
            .where(eq(tournamentFixtures.id, fixture.id));
      });
      for (const { fixture, timer } of prepared) fixture.timerId = timer.id;
    }
    if (!round.lobbyId) return;
    const lobby = await this.lobbies.find(round.lobbyId);
    if (!lobby) return;
    const timerIds = fixtures.flatMap((fixture) => (fixture.timerId ? [fixture.timerId] : []));
    const same =
      timerIds.length === lobby.timerIds.length &&
      timerIds.every((id, index) => lobby.timerIds[index] === id);
    if (!same || removedTimerIds.some((id) => lobby.timerIds.includes(id)))
      await this.lobbies.change(lobby, {
        timerIds,
        ...(lobby.featuredTimerId && !timerIds.includes(lobby.featuredTimerId)
          ? { featuredTimerId: timerIds[0] ?? null }
          : {}),
      });
  }
}

/** Stores (or replaces) where the tournament is mirrored from. */
async function saveLink(tx: Db, tournamentId: string, target: TabbycatLinkInput, userId: string) {
  await tx
    .insert(tournamentTabbycatLinks)
    .values({
      tournamentId,
      siteUrl: target.siteUrl,
      remoteSlug: target.tournamentSlug,
      token: target.token,
      linkedBy: userId,
    })
    .onConflictDoUpdate({
      target: tournamentTabbycatLinks.tournamentId,
      set: {
        siteUrl: target.siteUrl,
        remoteSlug: target.tournamentSlug,
        token: target.token,
        linkedBy: userId,
        updatedAt: new Date(),
      },
    });
}

async function loadRefs(tx: Db, tournamentId: string): Promise<RefMaps> {
  const refs: RefMaps = {
    institution: new Map(),
    team: new Map(),
    adjudicator: new Map(),
    venue: new Map(),
    round: new Map(),
    pairing: new Map(),
  };
  const rows = await tx
    .select()
    .from(tournamentTabbycatRefs)
    .where(eq(tournamentTabbycatRefs.tournamentId, tournamentId));
  for (const row of rows) refs[row.kind].set(row.remoteId, row.localId);
  return refs;
}

/** What the tournament's own limits refuse, in Chinese. */
function checkLimits(data: SiteData): void {
  const over = (what: string, n: number, max: number) =>
    new HubError('BAD_REQUEST', `Tabbycat 赛事有 ${n} ${what}，一项赛事最多 ${max}`, 'tabbycat-too-big');
  if (data.teams.length > TOURNAMENT_LIMITS.teams)
    throw over('支队伍', data.teams.length, TOURNAMENT_LIMITS.teams);
  if (data.adjudicators.length > TOURNAMENT_LIMITS.judges)
    throw over('位裁判', data.adjudicators.length, TOURNAMENT_LIMITS.judges);
  if (data.venues.length > TOURNAMENT_LIMITS.venues)
    throw over('个场地', data.venues.length, TOURNAMENT_LIMITS.venues);
  const speakers = data.teams.reduce((max, team) => Math.max(max, team.speakers.length), 0);
  if (speakers > TOURNAMENT_LIMITS.speakersPerSide)
    throw over('位辩手的队伍', speakers, TOURNAMENT_LIMITS.speakersPerSide);
}

/** A team's name as Tabbycat shows it in draws (its short name). */
function teamName(team: TcTeam): string {
  return (team.short_name || team.long_name || team.reference || team.code_name || `队伍 ${team.id}`).trim();
}

function speakerName(name: string): string {
  return name.trim().slice(0, MAX.speaker);
}

function venueName(venue: TcVenue): string {
  return (venue.name.trim() || `场地 ${venue.id}`).slice(0, MAX.venue);
}

/** Venue names, highest priority first (Tabbycat fills the best rooms first). */
function venueNames(venues: TcVenue[]): string[] {
  return [
    ...new Set(
      venues
        .map((venue, index) => ({ venue, index }))
        .sort((x, y) => y.venue.priority - x.venue.priority || x.index - y.index)
        .map(({ venue }) => venueName(venue)),
    ),
  ];
}

/**
 * A pairing's teams by position: og (Tabbycat's aff, proposition or opening government), oo (neg,
 * opposition or opening opposition), and in a BP room (`teamsPerRoom` 4) cg and co, the closing
 * government and opposition; null where the room has no team. Sides named by number ("1-2"
 * side names) count from 0 in that order. Teams without a side take the next free one in order.
 */
function sidesOf(pairing: TcPairing, teamsPerRoom: 2 | 4) {
  const slots: Array<string | null> = [null, null, null, null];
  const loose: string[] = [];
  const index: Record<string, number> = { aff: 0, neg: 1, og: 0, oo: 1, cg: 2, co: 3 };
  for (const { team, side } of pairing.teams) {
    if (side === 'bye') continue;
    const at = typeof side === 'number' ? side : side ? index[side] : undefined;
    if (at !== undefined && at >= 0 && at < teamsPerRoom && slots[at] === null) slots[at] = team;
    else loose.push(team);
  }
  for (const team of loose) {
    const free = slots.findIndex((slot, at) => slot === null && at < Math.max(teamsPerRoom, 2));
    if (free >= 0) slots[free] = team;
  }
  const [og = null, oo = null, cg = null, co = null] = slots;
  return { og, oo, cg, co };
}
