import type {
  BallotInput,
  BallotPage,
  BallotReceipt,
  CsvExport,
  FixtureBallots,
  FixturePatch,
  FixtureResult,
  GeneratedDraw,
  JudgeInput,
  JudgeShortfall,
  KnockoutInput,
  LiveRound,
  ManualDraw,
  ResultInput,
  TeamImport,
  TeamImportResult,
  TournamentJudge,
  TournamentOrganizer,
  TournamentRole,
  TournamentSummary,
  TournamentView,
} from '@bianshi/shared';
import { tournamentRoleAtLeast } from '@bianshi/shared';
import { HubError } from '../lib/errors';
import type { RateLimiter } from '../lib/rate-limit';

/** The account calling, if any. */
export interface TournamentCaller {
  id: string;
  email: string;
  displayName: string;
}

/** A tournament row as the service passes it around. */
export interface TournamentRecord {
  id: string;
  slug: string;
  ownerId: string;
  visibility: 'public' | 'unlisted' | 'private';
  version: number;
}

function notImplemented(): never {
  throw new HubError('SERVICE_UNAVAILABLE', '赛事功能尚未完成', 'not-implemented');
}

/** The tournament use cases (the contract; implementation follows). */
export class TournamentService {
  constructor(readonly ballotLimiter: RateLimiter) {}

  atLeast(role: TournamentRole | null, minimum: TournamentRole): boolean {
    return tournamentRoleAtLeast(role, minimum);
  }
  async find(_id: string): Promise<TournamentRecord> {
    return notImplemented();
  }
  async roleOf(_t: TournamentRecord, _user: TournamentCaller | null): Promise<TournamentRole | null> {
    return notImplemented();
  }
  async visible(_slug: string, _user: TournamentCaller | null): Promise<TournamentRecord> {
    return notImplemented();
  }
  // eslint-disable-next-line require-yield
  async *versions(_id: string, _signal: AbortSignal): AsyncGenerator<number> {
    notImplemented();
  }
  async list(_scope: 'public' | 'mine', _user: TournamentCaller | null): Promise<TournamentSummary[]> {
    return notImplemented();
  }
  async view(_slug: string, _user: TournamentCaller | null): Promise<TournamentView> {
    return notImplemented();
  }
  async live(_slug: string, _roundId: string | null, _user: TournamentCaller | null): Promise<LiveRound> {
    return notImplemented();
  }
  async create(_input: unknown, _user: TournamentCaller): Promise<{ id: string; slug: string }> {
    return notImplemented();
  }
  async update(_t: TournamentRecord, _input: unknown): Promise<void> {
    notImplemented();
  }
  async remove(_t: TournamentRecord): Promise<void> {
    notImplemented();
  }
  async addOrganizer(_t: TournamentRecord, _email: string, _role: 'organizer' | 'judgeCoordinator'): Promise<TournamentOrganizer> {
    return notImplemented();
  }
  async removeOrganizer(_t: TournamentRecord, _userId: string): Promise<void> {
    notImplemented();
  }
  async importTeams(_t: TournamentRecord, _request: TeamImport): Promise<TeamImportResult> {
    return notImplemented();
  }
  async removeTeam(_t: TournamentRecord, _teamId: string): Promise<void> {
    notImplemented();
  }
  async addJudge(_t: TournamentRecord, _input: JudgeInput): Promise<TournamentJudge> {
    return notImplemented();
  }
  async removeJudge(_t: TournamentRecord, _judgeId: string): Promise<void> {
    notImplemented();
  }
  async rotateJudgeLink(_t: TournamentRecord, _judgeId: string): Promise<{ ballotToken: string }> {
    return notImplemented();
  }
  async setConflicts(_t: TournamentRecord, _judgeId: string, _keys: string[]): Promise<void> {
    notImplemented();
  }
  async generateDraw(_t: TournamentRecord, _draw: GeneratedDraw, _byName: string): Promise<{ stageId: string; seed: string; roundIds: string[] }> {
    return notImplemented();
  }
  async setDraw(_t: TournamentRecord, _draw: ManualDraw, _byName: string): Promise<{ stageId: string; seed: string; roundIds: string[] }> {
    return notImplemented();
  }
  async updateFixture(_t: TournamentRecord, _fixtureId: string, _patch: FixturePatch): Promise<void> {
    notImplemented();
  }
  async assignJudges(_t: TournamentRecord, _roundId: string): Promise<{ shortfalls: JudgeShortfall[] }> {
    return notImplemented();
  }
  async publishRound(_t: TournamentRecord, _roundId: string, _userId: string): Promise<{ roundId: string; lobbyId: string; timerIds: string[]; shortfalls: JudgeShortfall[] }> {
    return notImplemented();
  }
  async setTopic(_t: TournamentRecord, _input: { roundId: string; fixtureId?: string | undefined; topicId: string | null; releaseAt: number | null }): Promise<void> {
    notImplemented();
  }
  async releaseTopic(_t: TournamentRecord, _roundId: string): Promise<{ released: number }> {
    return notImplemented();
  }
  async ballotPage(_token: string): Promise<BallotPage> {
    return notImplemented();
  }
  async submitBallot(_token: string, _fixtureId: string, _submissionId: string, _ballot: BallotInput): Promise<BallotReceipt> {
    return notImplemented();
  }
  async fixtureBallots(_t: TournamentRecord, _fixtureId: string): Promise<FixtureBallots> {
    return notImplemented();
  }
  async confirmResult(_t: TournamentRecord, _fixtureId: string, _byName: string): Promise<FixtureResult> {
    return notImplemented();
  }
  async editResult(_t: TournamentRecord, _fixtureId: string, _result: ResultInput, _note: string, _byName: string): Promise<FixtureResult> {
    return notImplemented();
  }
  async createKnockout(_t: TournamentRecord, _input: KnockoutInput): Promise<{ stageId: string; roundId: string }> {
    return notImplemented();
  }
  async advanceKnockout(_t: TournamentRecord): Promise<{ roundId: string | null }> {
    return notImplemented();
  }
  async exportFixtures(_slug: string, _user: TournamentCaller | null): Promise<CsvExport> {
    return notImplemented();
  }
  async exportStandings(_slug: string, _user: TournamentCaller | null): Promise<CsvExport> {
    return notImplemented();
  }
}
