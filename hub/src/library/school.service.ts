import { checkSchoolsCsv, importErrorText, schoolInputSchema, teamInputSchema } from '@bianshi/shared';
import { HubError } from '../lib/errors';
import { L } from './messages';
import type { SchoolRepository, SchoolRow, TeamRow } from './school.repository';
import { parseInput } from './topic.service';

/** Schools, teams and debaters: anyone reads, signed-in accounts add (duplicates merge). */
export class SchoolService {
  constructor(readonly repository: SchoolRepository) {}

  search(query: { q?: string; region?: string; limit?: number }): Promise<SchoolRow[]> {
    return this.repository.search({ ...query, limit: Math.min(Math.max(query.limit ?? 100, 1), 500) });
  }

  regions(): Promise<string[]> {
    return this.repository.regions();
  }

  async school(id: string): Promise<SchoolRow> {
    const school = await this.repository.find(id);
    if (!school) throw new HubError('NOT_FOUND', L.schoolNotFound, 'school-not-found');
    return school;
  }

  /** A school's page: the school, its teams (newest season first) and its debaters. */
  async page(id: string): Promise<{
    school: SchoolRow;
    teams: TeamRow[];
    debaters: Array<{ id: string; name: string; seasons: string[] }>;
  }> {
    const school = await this.school(id);
    const [teams, debaters] = await Promise.all([
      this.repository.teamsOfSchool(id),
      this.repository.debatersOfSchool(id),
    ]);
    return { school, teams, debaters };
  }

  /** Adds a school, or merges it into the one with the same normalized name + region. */
  async add(input: unknown, createdBy: string | null): Promise<{ id: string; merged: boolean }> {
    const school = parseInput(schoolInputSchema, input, '学校');
    const result = await this.repository.upsertMany([school], createdBy);
    return { id: result.ids[0] ?? '', merged: result.merged > 0 };
  }

  /** Imports a schools CSV: nothing is written unless every row is valid; duplicates merge. */
  async importCsv(text: string, createdBy: string | null): Promise<{ created: number; merged: number }> {
    const checked = checkSchoolsCsv(text);
    if (!checked.ok) {
      throw new HubError(
        'BAD_REQUEST',
        `${L.importInvalid(checked.errors.length)}。${checked.errors.slice(0, 5).map(importErrorText).join('；')}`,
        'import-invalid',
        { errors: checked.errors },
      );
    }
    const result = await this.repository.upsertMany(
      checked.rows.map((row) => row.school),
      createdBy,
    );
    // Rows merged inside the file count as merged too.
    const inFile = checked.rows.reduce((sum, row) => sum + row.rows.length - 1, 0);
    return { created: result.created, merged: result.merged + inFile };
  }

  async addTeam(input: unknown): Promise<string> {
    const team = parseInput(teamInputSchema, input, '队伍');
    await this.school(team.schoolId);
    if (await this.repository.findTeam(team.schoolId, team.name, team.season))
      throw new HubError('CONFLICT', L.teamExists, 'team-exists');
    return this.repository.createTeam(team);
  }

  searchTeams(q: string): Promise<TeamRow[]> {
    return this.repository.searchTeams(q);
  }

  searchDebaters(q: string) {
    return this.repository.searchDebaters(q);
  }
}
