import type { HubError } from '../lib/errors';
import { Session } from '../realtime/session';
import type { TimerRecord } from './timer.repository';

/** A session that watches a timer's room, and can be checked again when the timer's access changes. */
export class WatchSession extends Session {
  /**
   * Checks again, against a timer's current facts, that the caller who opened this session may
   * still watch it as it does (set by the watch that opened it): null when it may, else why not.
   * Revocations run it.
   */
  mayStay: ((timer: TimerRecord) => Promise<HubError | null>) | null = null;
}
