import type { Database } from './db/database';
import type { Clock } from './lib/clock';
import type { Config } from './lib/config';
import type { Logger } from './lib/logger';

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
}
