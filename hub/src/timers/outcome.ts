/** How timer results look to every input (tRPC and the HTTP API). */
import { HubError } from '../lib/errors';
import type { CommandOutcome } from './match-room';

/**
 * Links a timer is reachable at, relative to the site. A private timer's display and short
 * links carry its view key in the fragment (`#view=…`, never sent to a server or its logs);
 * with the control key, the control link (`#key=…`) grants control where the bare manage
 * link does not.
 */
export function timerUrls(
  timer: { id: string; shortid: string; viewKey?: string | null; judgeKey?: string },
  controlKey?: string,
) {
  const view = timer.viewKey ? `#view=${encodeURIComponent(timer.viewKey)}` : '';
  return {
    display: `/timer/${timer.id}${view}`,
    ...(timer.judgeKey ? { judge: judgeLink(timer.id, timer.judgeKey, timer.viewKey ?? null) } : {}),
    manage: `/timer/manage/${timer.shortid}`,
    short: `/id/${timer.shortid}${view}`,
    ...(controlKey
      ? { control: `/timer/manage/${timer.shortid}#key=${encodeURIComponent(controlKey)}` }
      : {}),
  };
}

/**
 * The judge link: its holder watches as a judge (presence role judge). The keys ride in the
 * fragment, which never reaches a server or its logs; a private timer's also carries the view key.
 */
export function judgeLink(timerId: string, judgeKey: string, viewKey: string | null): string {
  return `/timer/${timerId}?role=judge#judge=${encodeURIComponent(judgeKey)}${viewKey ? `&view=${encodeURIComponent(viewKey)}` : ''}`;
}

/** Turns a rejected command outcome into the error every input reports. */
export function outcomeError(outcome: Exclude<CommandOutcome, { ok: true }>): HubError {
  switch (outcome.code) {
    case 'conflict':
      return new HubError('CONFLICT', outcome.message, 'version-conflict', { version: outcome.version });
    case 'rejected':
      return new HubError('BAD_REQUEST', outcome.message, outcome.reason, { version: outcome.version });
    case 'unavailable':
      return new HubError('SERVICE_UNAVAILABLE', outcome.message, 'unavailable', {
        version: outcome.version,
      });
  }
}
