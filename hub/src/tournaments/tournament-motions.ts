/**
 * Motions released at a public tournament on this hub (a fixture's topic, or a round's own
 * motions) join the public topic library once the tournament is over, each with the tournament and round as its source (one group per
 * tournament, created and filled idempotently: running again adds only what is missing).
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../db/database';
import { topicGroups, topics } from '../library/library.schema';
import {
  tournamentFixtures,
  tournamentMotions,
  tournamentResults,
  tournamentRounds,
  tournamentStages,
  tournaments,
} from './tournament.schema';

/** The library group of a tournament's motions. */
export function tournamentGroupId(tournamentId: string): string {
  return `tournament-${tournamentId}`;
}

function motionId(tournamentId: string, roundId: string, topicId: string): string {
  return `tm-${createHash('sha256').update(`${tournamentId}\n${roundId}\n${topicId}`).digest('hex').slice(0, 24)}`;
}

/** A released motion as the library receives it. */
interface LibraryMotion {
  roundName: string;
  topic: Pick<
    typeof topics.$inferSelect,
    'text' | 'affText' | 'negText' | 'type' | 'tags' | 'language' | 'infoSlide'
  >;
}

/** Copies a finished public tournament's released motions into the public library. */
export class TournamentMotions {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /**
   * Whether the tournament is over: every fixture has a confirmed result and — with knockouts
   * (the main one, a category's) — each one's final is among them (its champion is known). A BP
   * knockout has no bracket: its final is its one-room round.
   */
  async isOver(tournamentId: string): Promise<boolean> {
    const [fixtures, results, stages] = await Promise.all([
      this.db
        .select({
          id: tournamentFixtures.id,
          node: tournamentFixtures.bracketNodeId,
          roundId: tournamentFixtures.roundId,
          closing: tournamentFixtures.cgTeamId,
        })
        .from(tournamentFixtures)
        .where(eq(tournamentFixtures.tournamentId, tournamentId)),
      this.db
        .select({ fixtureId: tournamentResults.fixtureId })
        .from(tournamentResults)
        .where(and(eq(tournamentResults.tournamentId, tournamentId), eq(tournamentResults.confirmed, true))),
      this.db
        .select({ id: tournamentStages.id, kind: tournamentStages.kind, bracket: tournamentStages.bracket })
        .from(tournamentStages)
        .where(eq(tournamentStages.tournamentId, tournamentId)),
    ]);
    if (fixtures.length === 0) return false;
    const confirmed = new Set(results.map((result) => result.fixtureId));
    if (fixtures.some((fixture) => !confirmed.has(fixture.id))) return false;
    const knockouts = stages.filter((stage) => stage.kind === 'knockout');
    if (knockouts.length === 0) return true;
    const rounds = await this.db
      .select({ id: tournamentRounds.id, stageId: tournamentRounds.stageId })
      .from(tournamentRounds)
      .where(eq(tournamentRounds.tournamentId, tournamentId));
    // Every knockout (the main one, and each category's) has played its final.
    return knockouts.every((knockout) => {
      const stageRounds = new Set(
        rounds.filter((round) => round.stageId === knockout.id).map((round) => round.id),
      );
      const played = fixtures.filter((fixture) => stageRounds.has(fixture.roundId));
      if (knockout.bracket.length === 0)
        return [...stageRounds].some((roundId) => {
          const rooms = played.filter((fixture) => fixture.roundId === roundId);
          return rooms.length === 1 && rooms[0]!.closing !== null;
        });
      const final = knockout.bracket.find((node) => node.nextNodeId === null);
      return final !== undefined && played.some((fixture) => fixture.node === final.id);
    });
  }

  /**
   * After a change of a tournament: when it is public and over, its released motions are
   * copied. Returns how many were added (0 when there was nothing new, or it is not over).
   */
  async sync(tournamentId: string): Promise<number> {
    const [tournament] = await this.db
      .select({
        id: tournaments.id,
        name: tournaments.name,
        visibility: tournaments.visibility,
        startDate: tournaments.startDate,
      })
      .from(tournaments)
      .where(eq(tournaments.id, tournamentId));
    if (!tournament || tournament.visibility !== 'public') return 0;
    if (!(await this.isOver(tournamentId))) return 0;
    const released = await this.db
      .select({
        roundId: tournamentRounds.id,
        roundName: tournamentRounds.name,
        stage: tournamentStages.position,
        number: tournamentRounds.number,
        topic: topics,
      })
      .from(tournamentFixtures)
      .innerJoin(tournamentRounds, eq(tournamentRounds.id, tournamentFixtures.roundId))
      .innerJoin(tournamentStages, eq(tournamentStages.id, tournamentRounds.stageId))
      .innerJoin(topics, eq(topics.id, tournamentFixtures.topicId))
      .where(
        and(
          eq(tournamentFixtures.tournamentId, tournamentId),
          isNotNull(tournamentFixtures.topicReleaseAt),
          lte(tournamentFixtures.topicReleaseAt, this.now()),
        ),
      )
      .orderBy(
        asc(tournamentStages.position),
        asc(tournamentRounds.number),
        asc(tournamentFixtures.position),
      );
    // A round's own motions (several for prep by motion), once released.
    const roundMotions = await this.db
      .select({
        roundId: tournamentRounds.id,
        roundName: tournamentRounds.name,
        stage: tournamentStages.position,
        number: tournamentRounds.number,
        motion: tournamentMotions,
      })
      .from(tournamentMotions)
      .innerJoin(tournamentRounds, eq(tournamentRounds.id, tournamentMotions.roundId))
      .innerJoin(tournamentStages, eq(tournamentStages.id, tournamentRounds.stageId))
      .where(
        and(
          eq(tournamentMotions.tournamentId, tournamentId),
          isNotNull(tournamentMotions.releasedAt),
          lte(tournamentMotions.releasedAt, this.now()),
        ),
      )
      .orderBy(asc(tournamentStages.position), asc(tournamentRounds.number), asc(tournamentMotions.seq));
    // One entry per motion per round (every fixture of a round usually shares it), in round order.
    const entries: Array<LibraryMotion & { id: string; stage: number; number: number; seq: number }> = [
      ...released.map((row) => ({ ...row, id: motionId(tournamentId, row.roundId, row.topic.id), seq: 0 })),
      ...roundMotions.map(({ roundId, roundName, stage, number, motion }) => ({
        id: motionId(tournamentId, roundId, motion.id),
        roundName,
        stage,
        number,
        seq: motion.seq,
        topic: {
          text: motion.text,
          affText: '',
          negText: '',
          type: null,
          tags: [],
          // Motions typed in a round say no language: Chinese when they have Chinese in them.
          language: /\p{Script=Han}/u.test(motion.text) ? 'zh' : 'en',
          infoSlide: motion.infoSlide,
        },
      })),
    ].sort((x, y) => x.stage - y.stage || x.number - y.number || x.seq - y.seq);
    const motions = new Map<string, LibraryMotion>();
    for (const entry of entries) if (!motions.has(entry.id)) motions.set(entry.id, entry);
    if (motions.size === 0) return 0;
    const groupId = tournamentGroupId(tournamentId);
    // The year only when the tournament states its dates: a source is never guessed.
    const year = tournament.startDate ? Number(tournament.startDate.slice(0, 4)) : null;
    return this.db.transaction(async (tx) => {
      await tx
        .insert(topicGroups)
        .values({
          id: groupId,
          name: tournament.name,
          description: `「${tournament.name}」各轮公布的辩题，赛事结束后收录。`,
          kind: 'tournament',
          year,
          ownerId: null,
          visibility: 'public',
          tournamentId,
        })
        .onConflictDoNothing();
      const existing = new Set(
        (
          await tx
            .select({ id: topics.id })
            .from(topics)
            .where(inArray(topics.id, [...motions.keys()]))
        ).map((row) => row.id),
      );
      let position = existing.size;
      let added = 0;
      for (const [id, { roundName, topic }] of motions) {
        if (existing.has(id)) continue;
        const inserted = await tx
          .insert(topics)
          .values({
            id,
            groupId,
            position: position++,
            text: topic.text,
            affText: topic.affText,
            negText: topic.negText,
            type: topic.type,
            tags: topic.tags,
            language: topic.language,
            tournament: tournament.name,
            round: roundName,
            year,
            notes: '',
            infoSlide: topic.infoSlide,
          })
          .onConflictDoNothing()
          .returning({ id: topics.id });
        added += inserted.length;
      }
      return added;
    });
  }
}
