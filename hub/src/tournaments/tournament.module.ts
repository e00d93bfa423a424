import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import type { RateLimiterFactory } from '../lib/rate-limit';
import type { EntitlementService } from '../commerce/entitlements.service';
import type { Library } from '../library/library.module';
import type { LobbyService } from '../lobbies/lobby.service';
import type { Mailer } from '../mail/mailer';
import type { RoomRegistry } from '../timers/match.registry';
import type { TimerService } from '../timers/timer.service';
import { AllocationService } from './allocation.service';
import { BallotRepository } from './ballot.repository';
import { BallotService } from './ballot.service';
import { BreakService } from './break.service';
import { DrawService } from './draw.service';
import { KnockoutService } from './knockout.service';
import { ParticipantService } from './participant.service';
import { RoundDrawService } from './round-draw.service';
import { RoundPublisher } from './round-publisher';
import { INVITES_PER_ADDRESS_HOUR, INVITES_PER_HOUR, StaffInvites } from './staff-invites';
import { TabbycatExporter } from './tabbycat-export.service';
import { TabbycatImporter } from './tabbycat-import.service';
import { TabbycatPull } from './tabbycat-pull.service';
import { TopicPublisher } from './topic-publisher';
import { RoundMotionService } from './round-motions.service';
import { ScheduledReleases } from './scheduled-releases';
import { SpeakerTabService } from './speaker-tab.service';
import { TournamentMotions } from './tournament-motions';
import { TournamentChanges } from './tournament-changes';
import { TournamentRepository } from './tournament.repository';
import { TournamentService } from './tournament.service';

/** Ballot page loads and submissions one address may make per minute (a venue's judges share one Wi-Fi address). */
export const BALLOTS_PER_MINUTE = 120;

/** The tournament hub's services. */
export interface Tournaments {
  /** Access, settings, staff, pages and exports. */
  readonly core: TournamentService;
  /** Teams and judges (links, conflicts). */
  readonly participants: ParticipantService;
  /** Staff invitations by email (pending until claimed) and mailed ballot links. */
  readonly invites: StaffInvites;
  /** The group draw, fixture edits, judge assignment and topics. */
  readonly draws: DrawService;
  /** A round's motions (several for prep by motion), their release, and which one a room debated. */
  readonly roundMotions: RoundMotionService;
  /** Topics and motions released at a set time, pushed to the rooms' displays then (start/stop with the hub). */
  readonly releases: ScheduledReleases;
  /** Preliminary rounds drawn one at a time (random or power-paired, Swiss). */
  readonly roundDraws: RoundDrawService;
  /** Panels placed by hand with their roles, and the clashes they are judged against. */
  readonly allocation: AllocationService;
  /** The knockout bracket and its rounds. */
  readonly knockout: KnockoutService;
  /** The break per break category: sizes, rules, the computed lists and their release. */
  readonly breaks: BreakService;
  /** Publishing rounds onto timers and a lobby. */
  readonly rounds: RoundPublisher;
  /** Judges' ballots and results. */
  readonly ballots: BallotService;
  /** A finished public tournament's released motions, copied into the public library. */
  readonly motions: TournamentMotions;
  /** 辩手榜: the speaker tab (staff always, the public once the tournament is over). */
  readonly speakerTab: SpeakerTabService;
  /** A new tournament from a Tabbycat import folder. */
  readonly tabbycat: TabbycatImporter;
  /** The tournament written out for Tabbycat (its CSV folder) and as DebateXML. */
  readonly tabbycatExport: TabbycatExporter;
  /** A tournament linked to a Tabbycat site: rounds' draws pulled onto timers and a lobby. */
  readonly tabbycatPull: TabbycatPull;
}

/** What the tournaments take from the composition root. */
export interface TournamentModuleDependencies {
  db: Db;
  rooms: RoomRegistry;
  timers: TimerService;
  lobbies: LobbyService;
  library: Library;
  clock: Clock;
  limiters: RateLimiterFactory;
  /** How many tournaments an account may own follows its plan. */
  entitlements: Pick<EntitlementService, 'limitCheck'>;
  /** Mails invitations and ballot links (off without SMTP_URL). */
  mailer: Mailer;
  /** True when the hub can verify addresses: only verified ones claim invitations. */
  invitesNeedVerifiedEmail: boolean;
  /** TABBYCAT_ALLOW_PRIVATE: linked Tabbycat sites may be on loopback or a private network. */
  tabbycatAllowPrivate?: boolean;
  logger: Pick<Logger, 'warn'>;
}

/** Wires the tournament repository and services. */
export function createTournaments(deps: TournamentModuleDependencies): Tournaments {
  const repository = new TournamentRepository(deps.db);
  const changes = new TournamentChanges(deps.rooms, repository);
  const invites = new StaffInvites(
    repository,
    changes,
    deps.mailer,
    {
      byInviter: deps.limiters({ name: 'tournament-invites', points: INVITES_PER_HOUR, durationS: 3600 }),
      byAddress: deps.limiters({
        name: 'tournament-invites-address',
        points: INVITES_PER_ADDRESS_HOUR,
        durationS: 3600,
      }),
    },
    deps.invitesNeedVerifiedEmail,
  );
  const motions = new TournamentMotions(deps.db, () => deps.clock.now());
  const displays = new TopicPublisher(repository, deps.timers, deps.clock);
  const releases = new ScheduledReleases(repository, displays, changes, deps.clock, deps.logger);
  const rounds = new RoundPublisher(repository, changes, deps.timers, deps.lobbies, deps.clock);
  const breaks = new BreakService(deps.db, repository, changes, deps.clock);
  return {
    invites,
    core: new TournamentService(
      repository,
      changes,
      deps.clock,
      deps.limiters({ name: 'tournament-ballots', points: BALLOTS_PER_MINUTE, durationS: 60 }),
      deps.entitlements,
      invites,
    ),
    participants: new ParticipantService(repository, changes, deps.library.schools.repository),
    draws: new DrawService(repository, changes, displays, deps.clock, releases),
    roundMotions: new RoundMotionService(repository, changes, displays, deps.clock, releases),
    releases,
    roundDraws: new RoundDrawService(repository, changes, deps.clock),
    allocation: new AllocationService(repository, changes),
    knockout: new KnockoutService(repository, changes, deps.clock, breaks),
    breaks,
    rounds,
    ballots: new BallotService(repository, new BallotRepository(deps.db), changes, deps.clock),
    motions,
    speakerTab: new SpeakerTabService(repository, motions),
    tabbycat: new TabbycatImporter(repository, { plans: deps.entitlements, changes }),
    tabbycatExport: new TabbycatExporter(repository),
    tabbycatPull: new TabbycatPull(repository, changes, rounds, deps.timers, deps.lobbies, deps.clock, {
      allowPrivate: deps.tabbycatAllowPrivate ?? false,
      plans: deps.entitlements,
    }),
  };
}
