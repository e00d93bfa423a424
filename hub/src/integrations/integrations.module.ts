import type { Db } from '../db/database';
import type { TimerRepository } from '../timers/timer.repository';
import type { Clock } from '../lib/clock';
import type { Config } from '../lib/config';
import type { Logger } from '../lib/logger';
import type { AddressSubscriptions } from '../realtime/connection-budget';
import type { RoomRegistry } from '../timers/match.registry';
import type { TimerService } from '../timers/timer.service';
import { ApiAccess } from './api-access';
import { createIntegrationsHttp } from './integrations.http';
import { OscBridge } from './osc/osc-bridge';
import { createTimerEventsHandler } from './push/timer-events.http';
import { TimerFeeds } from './push/timer-feeds';
import { ApiTokenService, type LobbyLookup } from './tokens/api-token.service';
import { WebhookOutbox } from './webhooks/webhook-outbox';
import { WebhookRepository } from './webhooks/webhook.repository';
import { WebhookService } from './webhooks/webhook.service';

/** What the integrations take from the composition root. */
export interface IntegrationsDependencies {
  db: Db;
  config: Config;
  clock: Clock;
  logger: Logger;
  /** Match commits, to queue webhook deliveries in their transaction. */
  timerRepository: TimerRepository;
  rooms: RoomRegistry;
  timers: TimerService;
  /** A lobby's owner and timers (API token scopes). */
  lobbyOf: LobbyLookup;
  subscriptions: AddressSubscriptions;
}

/** The integrations domain: `/api/v1` access and push, webhooks and their outbox, API tokens, OSC. */
export interface Integrations {
  readonly access: ApiAccess;
  readonly tokens: ApiTokenService;
  readonly webhooks: WebhookService;
  readonly outbox: WebhookOutbox;
  readonly feeds: TimerFeeds;
  /** The OSC bridge when `OSC_PORT` is set, else null. */
  readonly osc: OscBridge | null;
  readonly http: ReturnType<typeof createIntegrationsHttp>;
  /** Starts the outbox (and OSC); after the rooms started. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Wires the integrations and hooks the webhook outbox into every match commit. */
export function createIntegrations(deps: IntegrationsDependencies): Integrations {
  const webhookRepository = new WebhookRepository(deps.db);
  const outbox = new WebhookOutbox({
    repository: webhookRepository,
    clock: deps.clock,
    logger: deps.logger,
    retryScheduleS: deps.config.WEBHOOK_RETRY_SCHEDULE_S,
    allowPrivate: deps.config.WEBHOOK_ALLOW_PRIVATE,
  });
  const webhooks = new WebhookService(webhookRepository, deps.clock, () => outbox.wake());
  deps.timerRepository.onCommit(async (tx, change) => {
    // Commits go through a loaded room: its timer facts are at hand without a query (read in the transaction otherwise).
    const room = deps.rooms.loaded(change.matchId);
    const timerOf = async () => room?.timerInfo ?? (await webhookRepository.timerOfMatch(tx, change.matchId));
    const queued = await webhooks.enqueueChange(tx, change.matchId, timerOf, change.next, change.entries);
    return queued ? () => outbox.wake() : undefined;
  });
  const tokens = new ApiTokenService(deps.db, deps.timers, deps.lobbyOf, deps.clock);
  const access = new ApiAccess(deps.timers, tokens);
  const feeds = new TimerFeeds(deps.rooms, deps.clock, deps.logger);
  const timerEvents = createTimerEventsHandler({
    timers: deps.timers,
    access,
    feeds,
    clock: deps.clock,
    subscriptions: deps.subscriptions,
  });
  const http = createIntegrationsHttp({ config: deps.config, logger: deps.logger, timerEvents });
  const osc =
    deps.config.OSC_PORT === undefined
      ? null
      : new OscBridge({
          config: deps.config,
          timers: deps.timers,
          feeds,
          clock: deps.clock,
          logger: deps.logger,
        });
  return {
    access,
    tokens,
    webhooks,
    outbox,
    feeds,
    osc,
    http,
    async start() {
      outbox.start();
      await osc?.start();
    },
    async close() {
      await osc?.close();
      await outbox.stop();
      feeds.close();
    },
  };
}
