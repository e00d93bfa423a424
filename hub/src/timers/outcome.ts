/** How timer results look to every input (tRPC and the HTTP API). */
import { HubError } from '../lib/errors';
import type { CommandOutcome } from '../rooms/match-room';

/** Links a created timer is reachable at, relative to the site. */
export function timerUrls(timer: { id: string; shortid: string }) {
  return {
    display: `/timer/${timer.id}`,
    manage: `/timer/manage/${timer.shortid}`,
    short: `/id/${timer.shortid}`,
  };
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
