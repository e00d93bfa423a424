import type { IncomingMessage } from 'node:http';
import type { ProjectRole } from '@bianshi/shared';
import type { EntitlementService } from '../commerce/entitlements.service';
import type { Db } from '../db/database';
import type { TimerRepository } from '../db/timer.repository';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { DocRegistry } from './doc.registry';
import { WorkbenchService } from './workbench.service';
import { localYjsBus, type YjsBus } from './yjs-bus';
import { YjsRepository } from './yjs.repository';
import { createYjsSockets } from './yjs.socket';

/** What the Yjs documents take from the composition root. */
export interface YjsModuleDependencies {
  db: Db;
  timerRepository: TimerRepository;
  clock: Clock;
  logger: Logger;
  hubId: string;
  /** Updates, awareness and access changes between hubs; the single-hub bus by default. */
  bus?: YjsBus;
  userOf(req: IncomingMessage): Promise<string | null>;
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
    resolveRole: (projectId, connection): Promise<ProjectRole | null> =>
      workbench.connectionRole(projectId, connection),
  });
  const workbench: WorkbenchService = new WorkbenchService(
    repository,
    registry,
    deps.timerRepository,
    deps.clock,
    deps.entitlements,
  );
  const sockets = createYjsSockets({ workbench, registry, logger: deps.logger, userOf: deps.userOf });
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
