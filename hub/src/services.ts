import type { AiService } from './ai/ai.service';
import type { AnalyticsService } from './analytics/analytics.service';
import type { AuthService } from './auth/auth.service';
import type { MemberService } from './timers/timer-members.service';
import type { Commerce } from './commerce/commerce.module';
import type { Database } from './db/database';
import type { Integrations } from './integrations/integrations.module';
import type { Library } from './library/library.module';
import type { LobbyService } from './lobbies/lobby.service';
import type { TimerRepository } from './timers/timer.repository';
import type { Clock } from './lib/clock';
import type { Config } from './lib/config';
import type { Logger } from './lib/logger';
import type { RateLimiter } from './lib/rate-limit';
import type { AddressSubscriptions } from './realtime/connection-budget';
import type { CoolingOff } from './limits/cooling-off';
import type { RetentionService } from './retention/retention';
import type { RoomRegistry } from './timers/match.registry';
import type { Fanout } from './scale/fanout';
import type { FallbackSigner } from './supabase/fallback-signing';
import type { TimerService } from './timers/timer.service';
import type { Tournaments } from './tournaments/tournament.module';
import type { FileStorage } from './uploads/file-storage';
import type { UploadStore } from './uploads/upload-store';
import type { YjsModule } from './yjs/yjs.module';

/** Rate limits per client address. */
export interface HubLimits {
  /** Commands to rooms (tRPC and HTTP API). */
  commands: RateLimiter;
  /** Creating timers. */
  creates: RateLimiter;
  /** Content queries (`/api/content/<collection>`). */
  contentQueries: RateLimiter;
  /** Characters of import files parsed (IMPORT_CHARS_LIMIT). */
  importChars: RateLimiter;
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
  /** Live subscriptions per client address on this hub (MAX_SUBSCRIPTIONS_PER_ADDRESS). */
  readonly subscriptions: AddressSubscriptions;
  /** Refusals repeated at the door until their wait is over (limits/cooling-off.ts). */
  readonly cooling: CoolingOff;
  /** How this hub hears of the others (local no-op for a single hub). */
  readonly fanout: Fanout;
  /** Where files are kept: local disk, or Supabase Storage when configured. */
  readonly files: FileStorage;
  /** Timers' uploaded media (logos, backgrounds, bell sounds) in {@link files}. */
  readonly uploads: UploadStore;
  /** Signs the Supabase fallback's mirror and console certificates; null when the fallback is not configured. */
  readonly fallbackSigner: FallbackSigner | null;
  /** Lobbies: codes, roles, and their rooms (which relay the matches they show). */
  readonly lobbies: LobbyService;
  /** Accounts and sessions (local or Supabase). */
  readonly auth: AuthService;
  /** Timer memberships, invite links and ownership claims. */
  readonly members: MemberService;
  /** Retention jobs (expired sessions and invites, abandoned anonymous timers, unreferenced uploads). */
  readonly retention: RetentionService;
  /** Plans and entitlements, orders and payments, cdkeys, invoices. */
  readonly commerce: Commerce;
  /** The Umami-compatible analytics collector and its summaries. */
  readonly analytics: AnalyticsService;
  /** The debate library: topics, schools, teams, debaters and match records. */
  readonly library: Library;
  /** Collaborative projects (workbench, flows) and their Yjs documents at `/api/yjs/*`. */
  readonly yjs: YjsModule;
  /** The AI area: docs assistant, rules text → format, case outlines (provider optional). */
  readonly ai: AiService;
  /** The integrations: `/api/v1` access, push (SSE), webhooks and their outbox, API tokens, OSC. */
  readonly integrations: Integrations;
  /** The 世界杯 tournament hub: draws, rounds on timers and lobbies, ballots, standings, bracket. */
  readonly tournaments: Tournaments;
}

// The tRPC context's port for the services (trpc/context.ts) is this interface.
declare module './trpc/context' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the port is HubServices
  interface ContextServices extends HubServices {}
}
