import type { Logger } from '../lib/logger';
import { familyOf, readHubNotice, type FamilyNotice, type HubNotice, type NoticeFamily } from './hub-notice';
import type { RedisLink } from './redis-link';

/** What a hub listens for beyond the notices every hub hears: one match, lobby or document. */
export type Topic = `match:${string}` | `lobby:${string}` | `doc:${string}`;

/**
 * The one bus between hubs. Every notice of every domain goes through it; each domain listens
 * to its family ({@link familyOf}) and subscribes to the topics it serves. A single hub uses
 * {@link localHubBus}; several hubs share Redis ({@link redisHubBus}).
 */
export interface HubBus {
  readonly hubId: string;
  /** False for a single hub: there is nobody to tell. */
  readonly shared: boolean;
  /** Tells the other hubs. Never throws: a failure is logged and the hub degrades. */
  publish(notice: HubNotice): void;
  subscribe(topic: Topic): void;
  unsubscribe(topic: Topic): void;
  /** Called for every notice of `family` from another hub. */
  on<F extends NoticeFamily>(family: F, handler: (notice: FamilyNotice<F>) => void): void;
  /** Called when the link came back after a loss, so that what was missed is read again. */
  onReconnect(handler: () => void): void;
}

/** The handlers of each family, and the one place a heard notice is handed on. */
class Listeners {
  private readonly byFamily: { [F in NoticeFamily]: ((notice: FamilyNotice<F>) => void)[] } = {
    match: [],
    lobby: [],
    doc: [],
  };

  add<F extends NoticeFamily>(family: F, handler: (notice: FamilyNotice<F>) => void): void {
    (this.byFamily[family] as ((notice: FamilyNotice<F>) => void)[]).push(handler);
  }

  deliver(notice: HubNotice): void {
    const family = familyOf(notice);
    for (const handler of this.byFamily[family] as ((notice: HubNotice) => void)[]) handler(notice);
  }
}

/** The single-hub bus: nothing to tell, nothing to hear. */
export function localHubBus(hubId: string): HubBus {
  return {
    hubId,
    shared: false,
    publish: () => {},
    subscribe: () => {},
    unsubscribe: () => {},
    on: () => {},
    onReconnect: () => {},
  };
}

const PREFIX = 'bs:';
/** Notices every hub hears: rare ones (a settings save, a sign-out, a new current match). */
const HUB_CHANNEL = 'bs:hub';
/** Access to a Workbench project changed: every hub holding one of its documents re-checks. */
const DOC_ACCESS_CHANNEL = 'bs:yjs:access';

/** The Redis channel of a topic. */
function channelOfTopic(topic: Topic): string {
  const [kind, id] = [topic.slice(0, topic.indexOf(':')), topic.slice(topic.indexOf(':') + 1)];
  return kind === 'match' ? `bs:match:${id}` : kind === 'lobby' ? `bs:lobby:${id}` : `bs:yjs:doc:${id}`;
}

/** Where a notice is published: its topic's channel, or the channel every hub hears. */
export function channelOf(notice: HubNotice): string {
  switch (notice.type) {
    case 'change':
      return channelOfTopic(`match:${notice.matchId}`);
    case 'lobby-facts':
    case 'lobby-screen':
      return channelOfTopic(`lobby:${notice.lobbyId}`);
    case 'doc-update':
    case 'doc-awareness':
    case 'doc-removed':
      return channelOfTopic(`doc:${notice.documentId}`);
    case 'doc-access':
      return DOC_ACCESS_CHANNEL;
    default:
      return HUB_CHANNEL;
  }
}

/**
 * The bus over Redis pub/sub: one channel per match, lobby and document (subscribed only by the
 * hubs that serve it), and two every hub hears. Every message is read by one parser and checked
 * before any domain sees it; what is not a notice is dropped and logged.
 */
export function redisHubBus(link: RedisLink, hubId: string, logger: Logger): HubBus {
  const listeners = new Listeners();
  link.onMessage(PREFIX, (channel, raw) => {
    const notice = readHubNotice(raw);
    if (!notice) {
      logger.warn('hub notice dropped: not a notice', { channel, bytes: raw.length });
      return;
    }
    if (notice.hubId !== hubId) listeners.deliver(notice);
  });
  link.subscribe(HUB_CHANNEL);
  link.subscribe(DOC_ACCESS_CHANNEL);
  return {
    hubId,
    shared: true,
    publish: (notice) => link.publish(channelOf(notice), JSON.stringify(notice)),
    subscribe: (topic) => link.subscribe(channelOfTopic(topic)),
    unsubscribe: (topic) => link.unsubscribe(channelOfTopic(topic)),
    on: (family, handler) => listeners.add(family, handler),
    onReconnect: (handler) => link.onReconnect(handler),
  };
}
