import type { AuthService } from './auth/auth.service';
import type { MemberService } from './auth/member.service';
import type { Database } from './db/database';
import type { LobbyService } from './lobbies/lobby.service';
import type { TimerRepository } from './db/timer.repository';
import type { Clock } from './lib/clock';
import type { Config } from './lib/config';
import type { Logger } from './lib/logger';
import type { RateLimiter } from './lib/rate-limit';
import type { RoomRegistry } from './rooms/registry';
import type { Fanout } from './scale/fanout';
import type { TimerService } from './timers/timer.service';

/** Rate limits per client address. */
export interface HubLimits {
  /** Commands to rooms (tRPC and HTTP API). */
  commands: RateLimiter;
  /** Creating timers. */
  creates: RateLimiter;
}

/**
 * Everything a request handler may use, built once by the composition root and handed to
 * every tRPC context. Routers reach state only through here, never through module globals.
 */
export interface HubServices {
  readonly config: Config;
  readonly database: Database;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Server epoch ms at which this process started serving. */
  readonly startedAt: number;
  readonly version: string;
  readonly repository: TimerRepository;
  readonly rooms: RoomRegistry;
  readonly timers: TimerService;
  readonly limits: HubLimits;
  /** How this hub hears of the others (local no-op for a single hub). */
  readonly fanout: Fanout;
  /** Lobbies: codes, roles, and their rooms (which relay the matches they show). */
  readonly lobbies: LobbyService;
  /** Accounts and sessions (local or Supabase). */
  readonly auth: AuthService;
  /** Timer memberships, invite links and ownership claims. */
  readonly members: MemberService;
}
