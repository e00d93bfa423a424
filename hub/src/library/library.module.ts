import type { Db } from '../db/database';
import type { TimerRepository } from '../timers/timer.repository';
import type { TimerService } from '../timers/timer.service';
import { RecordRepository } from './record.repository';
import { RecordService, type MembershipLookup } from './record.service';
import { SchoolRepository } from './school.repository';
import { SchoolService } from './school.service';
import { seedStarterLibrary } from './starter-library';
import { TopicRepository } from './topic.repository';
import { TopicService } from './topic.service';

/** The library's services: topics, schools (with teams and debaters) and match records. */
export interface Library {
  readonly topics: TopicService;
  readonly schools: SchoolService;
  readonly records: RecordService;
}

/** What the library takes from the composition root. */
export interface LibraryModuleDependencies {
  db: Db;
  timerRepository: TimerRepository;
  timers: TimerService;
  memberships: MembershipLookup;
}

/** Wires the library's repositories and services. */
export function createLibrary(deps: LibraryModuleDependencies): Library {
  return {
    topics: new TopicService(new TopicRepository(deps.db)),
    schools: new SchoolService(new SchoolRepository(deps.db)),
    records: new RecordService(
      new RecordRepository(deps.db),
      deps.timerRepository,
      deps.timers,
      deps.memberships,
    ),
  };
}

/** Seeds the starter topic library (idempotent; run at start). */
export function seedLibrary(library: Library): Promise<void> {
  return seedStarterLibrary(library.topics.repository);
}
