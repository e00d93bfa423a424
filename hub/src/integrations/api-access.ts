import type { IncomingMessage } from 'node:http';
import type { TimerRecord } from '../timers/timer.repository';
import { HubError } from '../lib/errors';
import type { TimerService } from '../timers/timer.service';
import { bearerToken } from '../lib/request';
import { IM } from './messages';
import { isApiToken, type ApiTokenService } from './tokens/api-token.service';

/**
 * Who may do what through `/api/v1`, whichever credential comes: a timer's control key, a
 * private timer's view key (`?key=` or bearer), or an account's API token (`bst_…`, bearer).
 * One place, so reads, pushes and commands check alike.
 */
export class ApiAccess {
  constructor(
    private readonly timers: TimerService,
    private readonly tokens: ApiTokenService,
  ) {}

  /** Throws unless the request may watch `timer` (public, or a key or token that reaches it). */
  async requireView(timer: TimerRecord, req: IncomingMessage): Promise<void> {
    const bearer = bearerToken(req.headers.authorization);
    if (isApiToken(bearer)) {
      const holder = await this.tokens.authenticate(bearer);
      if (!holder) throw new HubError('FORBIDDEN', IM.tokenInvalid, 'token-invalid');
      if (timer.viewKey === null) return;
      if ((await this.tokens.roleOn(holder, timer)) === null)
        throw new HubError('FORBIDDEN', IM.tokenOutOfScope, 'token-out-of-scope');
      return;
    }
    const viewKey = new URL(req.url ?? '/', 'http://hub').searchParams.get('key') ?? bearer;
    await this.timers.requireView(
      timer,
      { presentedKeys: () => (bearer ? [bearer] : []), user: null },
      viewKey,
    );
  }

  /** Throws unless the bearer (control key or API token) may run `timer`'s commands. */
  async requireControl(timer: TimerRecord, req: IncomingMessage): Promise<void> {
    const bearer = bearerToken(req.headers.authorization);
    if (isApiToken(bearer)) {
      await this.tokens.requireControl(bearer, timer);
      return;
    }
    this.timers.requireControl(timer, bearer ? [bearer] : []);
  }

  /**
   * The account that creates a timer: an API token's, or null without one (the control key
   * returned is then the only capability). A token that is not valid is refused, not ignored.
   */
  async creatorOf(req: IncomingMessage): Promise<string | null> {
    const bearer = bearerToken(req.headers.authorization);
    if (!isApiToken(bearer)) return null;
    const holder = await this.tokens.authenticate(bearer);
    if (!holder) throw new HubError('FORBIDDEN', IM.tokenInvalid, 'token-invalid');
    return holder.userId;
  }
}
