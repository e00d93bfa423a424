import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { openDatabase, type Database, type DatabaseTarget } from './db/database';
import { systemClock, type Clock, type TimeoutFunctions } from './lib/clock';
import type { Config } from './lib/config';
import { createLogger, type Logger } from './lib/logger';
import { memoryRateLimiters, redisRateLimiters } from './lib/rate-limit';
import { AddressSubscriptions } from './realtime/connection-budget';
import { CoolingOff } from './limits/cooling-off';
import { COMMAND_LIMIT, CONTENT_QUERY_LIMIT, CREATE_LIMIT, IMPORT_CHARS_LIMIT } from './limits/http-limits';
import { Retention } from './retention/retention';
import { TimerRepository } from './timers/timer.repository';
import { TimerSettingsRepository } from './timers/timer-settings.repository';
import { RoomRegistry } from './timers/match.registry';
import { TimerService } from './timers/timer.service';
import { createTournaments } from './tournaments/tournament.module';
import { createIntegrations } from './integrations/integrations.module';
import { createLibrary, seedLibrary } from './library/library.module';
import { createLobbies } from './lobbies/lobby.module';
import { createCommerce } from './commerce/commerce.module';
import { createYjs } from './yjs/yjs.module';
import { yjsBusOn } from './yjs/yjs-bus';
import { clientIp, cookieOf } from './lib/request';
import { createContextFactory } from './trpc/context';
import { AuthService } from './auth/auth.service';
import { MemberRepository } from './timers/timer-members.repository';
import { MemberService } from './timers/timer-members.service';
import { UserRepository } from './auth/user.repository';
import { EmailLinks } from './auth/email-links';
import { createMailer } from './mail/mailer';
import { localFanout, type Fanout } from './scale/fanout';
import { redisFanout } from './scale/redis-fanout';
import { withNotifyBackup } from './scale/notify-backup-fanout';
import { PostgresNotifyLink } from './scale/pg-notify-link';
import { lobbyBusOn } from './lobbies/lobby-bus';
import { localHubBus, redisHubBus, type HubBus } from './scale/hub-bus';
import { RedisLink } from './scale/redis-link';
import { noMirror } from './realtime/change-mirror';
import { supabaseRealtimeMirror } from './supabase/realtime-mirror';
import { createFileStorage } from './uploads/storage.module';
import { UploadStore } from './uploads/upload-store';
import { FallbackSigner } from './supabase/fallback-signing';
import { hashKey, newId } from './lib/ids';
import { AiService } from './ai/ai.service';
import { DocsRetrieval } from './ai/docs-retrieval';
import { createProvider } from './ai/provider';
import { AnalyticsService } from './analytics/analytics.service';
import { appVersion, paths } from './lib/paths';
import { reportSupportSetup } from './lib/support';
import type { HubServices } from './services';
import { appRouter } from './app.router';
import { createScreenRenderer } from './screen-renderer';
import { createRequestListener } from './transport/http';
import { attachWebSocket } from './transport/ws';

/** What the composition root and the tests can override. */
export interface HubOptions {
  config: Config;
  clock?: Clock;
  logger?: Logger;
  /** Defaults to DATABASE_URL when set, else PGlite under DATA_DIR. */
  database?: DatabaseTarget;
  /** setTimeout and clearTimeout for the scheduler (tests). */
  timeouts?: TimeoutFunctions;
}

/** A running hub. */
export interface Hub {
  readonly server: Server;
  readonly services: HubServices;
  /** Base URL once listening, e.g. http://127.0.0.1:41234 */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The fan-out between hubs over Redis; on Postgres, with `LISTEN/NOTIFY` behind it for while
 * Redis is down (PGlite is one process: there is no other hub to reach).
 */
function scaledFanout(
  redis: RedisLink,
  bus: HubBus,
  databaseUrl: string | undefined,
  logger: Logger,
): Fanout {
  const primary = redisFanout(redis, bus);
  return databaseUrl ? withNotifyBackup(primary, new PostgresNotifyLink(databaseUrl, logger)) : primary;
}

/** Chooses the database from the configuration. */
export function databaseTargetFrom(config: Config): DatabaseTarget {
  if (config.DATABASE_URL) return { kind: 'postgres', url: config.DATABASE_URL };
  if (config.DATA_DIR === 'memory://') return { kind: 'pglite-memory' };
  return { kind: 'pglite', dataDir: config.DATA_DIR };
}

/** Opens the database, wires services, routers and transports, and starts listening. */
export async function startHub(options: HubOptions): Promise<Hub> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const target = options.database ?? databaseTargetFrom(config);
  const database: Database = await openDatabase(target);
  const repository = new TimerRepository(database.db);
  const hubId = newId();
  const redis = config.REDIS_URL ? new RedisLink(config.REDIS_URL, logger) : null;
  // One bus between hubs for every domain's notices (scale/hub-bus.ts).
  const bus: HubBus = redis ? redisHubBus(redis, hubId, logger) : localHubBus(hubId);
  const fanout: Fanout = redis
    ? scaledFanout(redis, bus, target.kind === 'postgres' ? target.url : undefined, logger)
    : localFanout(hubId);
  const fallbackSigner =
    config.SUPABASE_URL && config.SUPABASE_SERVICE_ROLE_KEY ? await FallbackSigner.load(database.db) : null;
  const mirror =
    config.SUPABASE_URL && config.SUPABASE_SERVICE_ROLE_KEY && fallbackSigner
      ? supabaseRealtimeMirror({
          url: config.SUPABASE_URL,
          serviceKey: config.SUPABASE_SERVICE_ROLE_KEY,
          signer: fallbackSigner,
          logger,
        })
      : noMirror;
  const rooms = new RoomRegistry({
    repository,
    clock,
    logger,
    fanout,
    mirror,
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
  });
  const members = new MemberService(new MemberRepository(database.db), clock);
  const limiters = redis ? redisRateLimiters(redis.publisher, logger) : memoryRateLimiters;
  const mailer = createMailer(config, logger);
  const auth = new AuthService({
    users: new UserRepository(database.db),
    links: new EmailLinks(database.db),
    config,
    clock,
    logger,
    limiters,
    mailer,
  });
  const timers = new TimerService(
    repository,
    new TimerSettingsRepository(database.db),
    rooms,
    clock,
    (timerId, userId) => members.roleFor(timerId, userId),
  );
  const files = createFileStorage(config);
  const uploads = new UploadStore(files);
  const commerce = await createCommerce({ db: database.db, config, clock, logger, limiters, files });
  const lobbies = createLobbies({
    db: database.db,
    timerRepository: repository,
    rooms,
    timers,
    clock,
    logger,
    fanout,
    mirror,
    limiters,
    bus: lobbyBusOn(bus),
  });
  const subscriptions = new AddressSubscriptions(config.MAX_SUBSCRIPTIONS_PER_ADDRESS);
  const cooling = new CoolingOff();
  const integrations = createIntegrations({
    db: database.db,
    config,
    clock,
    logger,
    timerRepository: repository,
    rooms,
    timers,
    lobbyOf: async (lobbyId) => (await lobbies.find(lobbyId)) ?? null,
    subscriptions,
  });
  const library = createLibrary({
    db: database.db,
    timerRepository: repository,
    timers,
    memberships: (timerId, userId) => members.roleFor(timerId, userId),
  });
  // A saved result sheet is a webhook event of its timer (`result.recorded`).
  library.records.onResultSaved(
    (change) =>
      void integrations.webhooks
        .resultRecorded(change)
        .catch((error: unknown) => logger.warn('result webhook not queued', { error: String(error) })),
  );
  const clientDist = config.CLIENT_DIST ?? paths.clientDist;
  const services: HubServices = {
    config,
    database,
    clock,
    logger,
    startedAt: clock.now(),
    version: appVersion,
    repository,
    rooms,
    timers,
    limits: {
      commands: limiters(COMMAND_LIMIT),
      creates: limiters(CREATE_LIMIT),
      contentQueries: limiters(CONTENT_QUERY_LIMIT),
      importChars: limiters(IMPORT_CHARS_LIMIT),
    },
    subscriptions,
    cooling,
    fanout,
    fallbackSigner,
    files,
    uploads,
    lobbies,
    auth,
    members,
    retention: new Retention({
      db: database.db,
      uploads,
      clock,
      logger,
      anonymousTimerDays: config.ANONYMOUS_TIMER_RETENTION_DAYS,
      isActive: (timerId) => (rooms.currentRoomOf(timerId)?.sessionCount ?? 0) > 0,
    }),
    commerce,
    analytics: new AnalyticsService(
      database.db,
      clock,
      config.ANALYTICS_WEBSITE_ID ?? null,
      config.ANALYTICS_URL ?? null,
    ),
    library,
    integrations,
    tournaments: createTournaments({
      db: database.db,
      rooms,
      timers,
      lobbies,
      library,
      clock,
      limiters,
      entitlements: commerce.entitlements,
      mailer,
      // Invites attach only to an address the hub can vouch for, when it has a way to check one.
      invitesNeedVerifiedEmail: auth.mailLinks || auth.mode === 'supabase',
      tabbycatAllowPrivate: config.TABBYCAT_ALLOW_PRIVATE,
      logger,
    }),
    yjs: createYjs({
      db: database.db,
      timerRepository: repository,
      clock,
      logger,
      hubId,
      bus: yjsBusOn(bus),
      entitlements: commerce.entitlements,
      accountOf: async (req) => {
        const context = await createContextFactory(services)({ req }, 'ws');
        return context.user
          ? {
              userId: context.user.id,
              tokenHash: context.sessionToken ? hashKey(context.sessionToken) : null,
            }
          : null;
      },
      accounts: rooms.sockets,
      cooling,
      addressOf: (req) => clientIp(req, config),
      sessionOf: (req) => cookieOf(req, auth.cookies.session),
    }),
    ai: new AiService({
      db: database.db,
      config,
      clock,
      entitlements: commerce.entitlements,
      limiter: limiters({ name: 'ai', points: config.AI_REQUESTS_PER_MINUTE, durationS: 60 }),
      provider: createProvider(config, logger),
      docs: new DocsRetrieval(clientDist),
      yjs: () => services.yjs,
      topic: async (topicId) => {
        const topic = await library.topics.topic(topicId);
        return {
          ...topic,
          type: (['policy', 'value', 'fact'] as const).find((type) => type === topic.type) ?? null,
        };
      },
    }),
  };
  // A public tournament that is over: its released motions join the public library.
  services.tournaments.core.changes.onCommitted((tournamentId) =>
    services.tournaments.motions.sync(tournamentId).then(
      (added) =>
        void (added > 0 && logger.info('tournament motions added to the library', { tournamentId, added })),
      (error: unknown) =>
        logger.warn('tournament motions not copied to the library', { tournamentId, error: String(error) }),
    ),
  );
  await rooms.start();
  services.retention.start();
  services.tournaments.releases.start();
  await integrations.start();
  await seedLibrary(services.library);

  // The client's build for the hub sits beside the one it serves (client/vite.server.config.ts).
  const render = createScreenRenderer(join(clientDist, '..', 'dist-server'), services.logger);
  const server = createServer(createRequestListener(services, appRouter, clientDist, render));
  server.keepAliveTimeout = 65_000;
  const ws = attachWebSocket(server, services, appRouter, [services.yjs.sockets]);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  logger.info('hub listening', { url, database: database.kind, version: appVersion });
  reportSupportSetup(config, logger);

  let closing: Promise<void> | undefined;
  return {
    server,
    services,
    url,
    close() {
      closing ??= (async () => {
        rooms.stop();
        await integrations.close();
        services.lobbies.registry.stop();
        await services.retention.stop();
        await services.tournaments.releases.stop();
        await ws.close();
        await services.yjs.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await fanout.close();
        await redis?.close();
        await mirror.close();
        await mailer.close();
        await database.close();
      })();
      return closing;
    },
  };
}
