import type { Db } from '../db/database';
import type { TimerRepository } from '../timers/timer.repository';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import type { RateLimiterFactory } from '../lib/rate-limit';
import type { RoomRegistry } from '../timers/match.registry';
import type { Fanout } from '../scale/fanout';
import type { TimerService } from '../timers/timer.service';
import type { ChangeMirror } from '../realtime/change-mirror';
import { localLobbyBus, type LobbyBus } from './lobby-bus';
import { LobbyRegistry } from './lobby.registry';
import { LobbyRepository } from './lobby.repository';
import { LobbyService } from './lobby.service';

/** What the lobbies take from the composition root. */
export interface LobbyModuleDependencies {
  db: Db;
  timerRepository: TimerRepository;
  rooms: RoomRegistry;
  timers: TimerService;
  clock: Clock;
  logger: Logger;
  fanout: Fanout;
  /** Lobby notices between hubs; the single-hub bus by default. */
  bus?: LobbyBus;
  /** Mirror of lobby presence (Supabase Realtime), when configured. */
  mirror?: ChangeMirror;
  /** Rate limiters (shared through Redis when the hub has it). */
  limiters?: RateLimiterFactory;
}

/** Wires the lobby repository, registry (joined to the hub-wide tick) and service. */
export function createLobbies(deps: LobbyModuleDependencies): LobbyService {
  const lobbies = new LobbyRepository(deps.db);
  const registry = new LobbyRegistry({
    lobbies,
    timers: deps.timerRepository,
    rooms: deps.rooms,
    clock: deps.clock,
    logger: deps.logger,
    fanout: deps.fanout,
    bus: deps.bus ?? localLobbyBus(),
    ...(deps.mirror ? { mirror: deps.mirror } : {}),
  });
  registry.start();
  return new LobbyService(lobbies, registry, deps.timers, deps.clock, deps.limiters);
}
