import type { IncomingMessage } from 'node:http';
import type { EntitlementService } from '../commerce/entitlements.service';
import type { Db } from '../db/database';
import type { TimerRepository } from '../timers/timer.repository';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import type { SocketAccount, SocketDirectory } from '../realtime/socket-directory';
import type { DocGrant } from './doc-room';
import { DocRegistry } from './doc.registry';
import { WorkbenchService } from './workbench.service';
import { localYjsBus, type YjsBus } from './yjs-bus';
import { YjsRepository } from './yjs.repository';
import { createYjsSockets, type YjsSocketDependencies } from './yjs.socket';

/** What the Yjs documents take from the composition root. */
export interface YjsModuleDependencies {
  db: Db;
  timerRepository: TimerRepository;
  clock: Clock;
  logger: Logger;
  hubId: string;
  /** Updates, awareness and access changes between hubs; the single-hub bus by default. */
  bus?: YjsBus;
  /** The signed-in account of an upgrade request (session cookie, same-site rules applied). */
  accountOf(req: IncomingMessage): Promise<SocketAccount | null>;
  /** The hub's sockets by account: a sign-out (here or on another hub) closes document sockets too. */
  accounts: Pick<SocketDirectory, 'add'>;
  /** The door's refusals, and who an upgrade request comes from (yjs.socket.ts). */
  cooling: YjsSocketDependencies['cooling'];
  addressOf: YjsSocketDependencies['addressOf'];
  sessionOf: YjsSocketDependencies['sessionOf'];
  /** Plans: how many projects and documents an account may own. */
  entitlements: Pick<EntitlementService, 'planOf' | 'limitCheck'>;
}

/** The workbench service, the document registry and the `/api/yjs/*` upgrade route. */
export interface YjsModule {
  readonly workbench: WorkbenchService;
  readonly registry: DocRegistry;
  readonly sockets: ReturnType<typeof createYjsSockets>;
  close(): Promise<void>;
}

/** Wires repository, registry (joined to the bus), service and sockets. */
export function createYjs(deps: YjsModuleDependencies): YjsModule {
  const repository = new YjsRepository(deps.db);
  const registry: DocRegistry = new DocRegistry({
    repository,
    logger: deps.logger,
    bus: deps.bus ?? localYjsBus(),
    hubId: deps.hubId,
    now: () => deps.clock.now(),
    resolveRole: (projectId, connection): Promise<DocGrant | null> =>
      workbench.connectionRole(projectId, connection),
  });
  const workbench: WorkbenchService = new WorkbenchService(
    repository,
    registry,
    deps.timerRepository,
    deps.clock,
    deps.entitlements,
  );
  const sockets = createYjsSockets({
    workbench,
    registry,
    logger: deps.logger,
    accountOf: deps.accountOf,
    accounts: deps.accounts,
    cooling: deps.cooling,
    addressOf: deps.addressOf,
    sessionOf: deps.sessionOf,
  });
  return {
    workbench,
    registry,
    sockets,
    async close() {
      await sockets.close();
      await registry.close();
    },
  };
}
