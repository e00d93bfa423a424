import { mergeSchools, normalizeName, schoolAliases, schoolKey, type SchoolInput } from '@bianshi/shared';
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { newId } from '../lib/ids';
import { debaters, schools, teamMembers, teams } from './library.schema';

/** A school as pages and the API show it. */
export interface SchoolRow {
  id: string;
  name: string;
  shortName: string;
  region: string;
  country: string;
  aliases: string[];
  website: string;
  logoUrl: string;
}

/** A team with its school and members. */
export interface TeamRow {
  id: string;
  schoolId: string;
  schoolName: string;
  name: string;
  season: string;
  members: Array<{ debaterId: string; name: string; position: number }>;
}

type SchoolRecord = typeof schools.$inferSelect;

function toSchool(row: SchoolRecord): SchoolRow {
  return {
    id: row.id,
    name: row.name,
    shortName: row.shortName,
    region: row.region,
    country: row.country,
    aliases: row.aliases,
    website: row.website,
    logoUrl: row.logoUrl,
  };
}

/** `text` with LIKE's wildcards escaped. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function likePattern(text: string): string {
  return `%${likeEscaped(text)}%`;
}

/** Data access for schools, teams and debaters. */
export class SchoolRepository {
  constructor(private readonly db: Db) {}

  async search(query: { q?: string; region?: string; limit?: number }): Promise<SchoolRow[]> {
    const conditions: SQL[] = [];
    const q = query.q?.trim();
    if (q) {
      const pattern = likePattern(q);
      const match = or(
        ilike(schools.name, pattern),
        ilike(schools.shortName, pattern),
        sql`${schools.aliases}::text ilike ${pattern}`,
      );
      if (match) conditions.push(match);
    }
    if (query.region?.trim()) conditions.push(eq(schools.region, query.region.trim()));
    const rows = await this.db
      .select()
      .from(schools)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(asc(schools.region), asc(schools.name))
      .limit(query.limit ?? 100);
    return rows.map(toSchool);
  }

  async regions(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ region: schools.region })
      .from(schools)
      .orderBy(asc(schools.region));
    return rows.map((row) => row.region).filter(Boolean);
  }

  /**
   * The school `name` means: one whose name, short name or an alias normalizes the same (the
   * name first), or null.
   */
  async findByAnyName(name: string): Promise<{ id: string; name: string } | null> {
    const key = normalizeName(name);
    if (!key) return null;
    const raw = likeEscaped(name.trim());
    const rows = await this.db
      .select({ id: schools.id, name: schools.name, shortName: schools.shortName, aliases: schools.aliases })
      .from(schools)
      .where(
        or(
          sql`${schools.dedupKey} like ${`${likeEscaped(key)}|%`}`,
          ilike(schools.shortName, raw),
          sql`${schools.aliases}::text ilike ${`%${raw}%`}`,
          // Aliases stored with spaces or punctuation the name lacks: compare them normalized below.
          sql`exists (select 1 from jsonb_array_elements_text(${schools.aliases}) alias where lower(regexp_replace(alias, '[[:space:][:punct:]·・\u3000]', '', 'g')) = ${key})`,
        ),
      )
      .limit(50);
    const byName = rows.find((row) => normalizeName(row.name) === key);
    if (byName) return { id: byName.id, name: byName.name };
    const other = rows.find(
      (row) =>
        normalizeName(row.shortName) === key || row.aliases.some((alias) => normalizeName(alias) === key),
    );
    return other ? { id: other.id, name: other.name } : null;
  }

  async find(id: string): Promise<SchoolRow | null> {
    const [row] = await this.db.select().from(schools).where(eq(schools.id, id)).limit(1);
    return row ? toSchool(row) : null;
  }

  async byIds(ids: readonly string[]): Promise<SchoolRow[]> {
    if (ids.length === 0) return [];
    return (
      await this.db
        .select()
        .from(schools)
        .where(inArray(schools.id, [...ids]))
    ).map(toSchool);
  }

  /**
   * Inserts the schools, merging each into an existing one with the same normalized name +
   * region (aliases united, empty fields filled). One transaction: all or nothing.
   */
  async upsertMany(
    inputs: readonly SchoolInput[],
    createdBy: string | null,
  ): Promise<{ created: number; merged: number; ids: string[] }> {
    return this.db.transaction(async (tx) => {
      let created = 0;
      let merged = 0;
      const ids: string[] = [];
      for (const input of inputs) {
        const key = schoolKey(input.name, input.region);
        const [existing] = await tx.select().from(schools).where(eq(schools.dedupKey, key)).limit(1);
        if (existing) {
          const united = mergeSchools({ ...toSchool(existing) }, input);
          await tx
            .update(schools)
            .set({ ...united, updatedAt: new Date() })
            .where(eq(schools.id, existing.id));
          merged += 1;
          ids.push(existing.id);
        } else {
          const id = newId();
          const aliases = schoolAliases(input.name, input.aliases);
          await tx.insert(schools).values({ id, ...input, aliases, dedupKey: key, createdBy });
          created += 1;
          ids.push(id);
        }
      }
      return { created, merged, ids };
    });
  }

  async teamsOfSchool(schoolId: string): Promise<TeamRow[]> {
    return this.teamsWhere(eq(teams.schoolId, schoolId));
  }

  async teamsById(ids: readonly string[]): Promise<TeamRow[]> {
    return ids.length ? this.teamsWhere(inArray(teams.id, [...ids])) : [];
  }

  /** Teams whose name or school matches `q`, newest season first (typeahead). */
  async searchTeams(q: string, limit = 20): Promise<TeamRow[]> {
    const pattern = likePattern(q.trim());
    const match = or(
      ilike(teams.name, pattern),
      ilike(schools.name, pattern),
      ilike(schools.shortName, pattern),
    );
    return this.teamsWhere(match ?? sql`true`, limit);
  }

  private async teamsWhere(where: SQL, limit = 200): Promise<TeamRow[]> {
    const rows = await this.db
      .select({
        id: teams.id,
        schoolId: teams.schoolId,
        schoolName: schools.name,
        name: teams.name,
        season: teams.season,
      })
      .from(teams)
      .innerJoin(schools, eq(schools.id, teams.schoolId))
      .where(where)
      .orderBy(sql`${teams.season} desc`, asc(teams.name))
      .limit(limit);
    if (rows.length === 0) return [];
    const members = await this.db
      .select({
        teamId: teamMembers.teamId,
        debaterId: debaters.id,
        name: debaters.name,
        position: teamMembers.position,
      })
      .from(teamMembers)
      .innerJoin(debaters, eq(debaters.id, teamMembers.debaterId))
      .where(
        inArray(
          teamMembers.teamId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(teamMembers.position));
    return rows.map((row) => ({
      ...row,
      members: members
        .filter((m) => m.teamId === row.id)
        .map(({ debaterId, name, position }) => ({ debaterId, name, position })),
    }));
  }

  /**
   * Creates a team with its members. A member named like a debater who already debated for
   * this school is that same person (their career continues); otherwise a new debater.
   */
  async createTeam(input: {
    schoolId: string;
    name: string;
    season: string;
    members: Array<{ name: string; position: number }>;
  }): Promise<string> {
    return this.db.transaction(async (tx) => {
      const id = newId();
      await tx.insert(teams).values({ id, schoolId: input.schoolId, name: input.name, season: input.season });
      for (const member of input.members) {
        const [known] = await tx
          .select({ id: debaters.id })
          .from(debaters)
          .innerJoin(teamMembers, eq(teamMembers.debaterId, debaters.id))
          .innerJoin(teams, eq(teams.id, teamMembers.teamId))
          .where(and(eq(teams.schoolId, input.schoolId), eq(debaters.name, member.name)))
          .limit(1);
        const debaterId = known?.id ?? newId();
        if (!known) await tx.insert(debaters).values({ id: debaterId, name: member.name });
        await tx
          .insert(teamMembers)
          .values({ teamId: id, debaterId, position: member.position })
          .onConflictDoNothing();
      }
      return id;
    });
  }

  async findTeam(schoolId: string, name: string, season: string): Promise<string | null> {
    const [row] = await this.db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.schoolId, schoolId), eq(teams.name, name), eq(teams.season, season)))
      .limit(1);
    return row?.id ?? null;
  }

  /** Debaters who played for the school, with the seasons and teams they played in. */
  async debatersOfSchool(schoolId: string): Promise<Array<{ id: string; name: string; seasons: string[] }>> {
    const rows = await this.db
      .select({ id: debaters.id, name: debaters.name, season: teams.season })
      .from(debaters)
      .innerJoin(teamMembers, eq(teamMembers.debaterId, debaters.id))
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(eq(teams.schoolId, schoolId))
      .orderBy(asc(debaters.name));
    const byId = new Map<string, { id: string; name: string; seasons: string[] }>();
    for (const row of rows) {
      const entry = byId.get(row.id) ?? { id: row.id, name: row.name, seasons: [] };
      if (!entry.seasons.includes(row.season)) entry.seasons.push(row.season);
      byId.set(row.id, entry);
    }
    return [...byId.values()];
  }

  /** Debaters whose name matches (typeahead), with their latest school. */
  async searchDebaters(
    q: string,
    limit = 20,
  ): Promise<Array<{ id: string; name: string; schoolName: string | null }>> {
    const rows = await this.db
      .select({ id: debaters.id, name: debaters.name, schoolName: schools.name })
      .from(debaters)
      .leftJoin(teamMembers, eq(teamMembers.debaterId, debaters.id))
      .leftJoin(teams, eq(teams.id, teamMembers.teamId))
      .leftJoin(schools, eq(schools.id, teams.schoolId))
      .where(ilike(debaters.name, likePattern(q.trim())))
      .limit(limit * 4);
    const seen = new Map<string, { id: string; name: string; schoolName: string | null }>();
    for (const row of rows) if (!seen.has(row.id)) seen.set(row.id, row);
    return [...seen.values()].slice(0, limit);
  }
}
