/**
 * The events a timer's outgoing webhooks (and OSC) announce, picked out of what the reducer
 * reported for a committed change. Pure: the hub decides where they go.
 */
import type { MatchEvent } from '../timer/match-event';
import type { MatchState } from '../timer/match-state';

/** Every event a webhook may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'stage.started',
  'time.up',
  'bell',
  'match.finished',
  'result.recorded',
] as const;
/** One of {@link WEBHOOK_EVENT_TYPES}. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The event a console's 测试 button sends; never subscribed to, always delivered. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** What a webhook event says beyond its type and time. */
export interface WebhookEventDetail {
  type: WebhookEventType;
  /** Server epoch ms at which it happened. */
  at: number;
  stageIndex?: number;
  stageName?: string;
  side?: 'aff' | 'neg' | null;
  /** Bells: how many strikes and which sound; why it rang. */
  count?: number;
  sound?: string;
  which?: string;
}

/**
 * The webhook events in a committed change: a stage's first start (`stage.started`: a clock
 * starts while no clock of its stage has used time), a clock reaching zero (`time.up`), every
 * bell, the match finishing. `state` is the state the change produced.
 */
export function webhookEventsOf(events: readonly MatchEvent[], state: MatchState): WebhookEventDetail[] {
  const stageName = (index: number) => state.format.stages[index]?.name ?? '';
  const out: WebhookEventDetail[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'clockStarted': {
        const fresh = (state.stages[event.stageIndex]?.clocks ?? []).every((clock) => clock.usedMs === 0);
        if (fresh)
          out.push({
            type: 'stage.started',
            at: event.at,
            stageIndex: event.stageIndex,
            stageName: stageName(event.stageIndex),
            side: event.side,
          });
        break;
      }
      case 'clockExpired':
      case 'overtimeStarted':
        out.push({
          type: 'time.up',
          at: event.at,
          stageIndex: event.stageIndex,
          stageName: stageName(event.stageIndex),
          side: event.side,
        });
        break;
      case 'bell':
        out.push({
          type: 'bell',
          at: event.at,
          stageIndex: event.stageIndex,
          stageName: stageName(event.stageIndex),
          side: event.side,
          count: event.count,
          sound: event.sound,
          which: event.which,
        });
        break;
      case 'matchFinished':
        out.push({ type: 'match.finished', at: event.at });
        break;
      default:
        break;
    }
  }
  return out;
}
