import { roundMotionsSchema, type RoundMotionInput } from '@bianshi/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../lib/clock';
import { HubError } from '../lib/errors';
import { newId } from '../lib/ids';
import { roundFixtures } from './draw.service';
import { T } from './messages';
import type { ScheduledReleases } from './scheduled-releases';
import type { TopicPublisher } from './topic-publisher';
import type { TournamentChanges } from './tournament-changes';
import type { TournamentRepository, TournamentRow } from './tournament.repository';
import { tournamentFixtures, tournamentMotions } from './tournament.schema';
import { motionsOfRound } from './tournament-view';

/**
 * A round's motions (prep by motion: a round may release several, each with an info slide):
 * the organizer writes the list, releases it, and says which one a room debated. Released
 * motions go on the displays of the round's published rooms.
 */
export class RoundMotionService {
  constructor(
    private readonly repository: TournamentRepository,
    private readonly changes: TournamentChanges,
    private readonly displays: TopicPublisher,
    private readonly clock: Clock,
    private readonly releases: Pick<ScheduledReleases, 'rearm'>,
  ) {}

  /**
   * Replaces a round's motion list. Motions named by `id` keep their release; new ones start
   * unreleased; those left out are deleted (rooms that had chosen one have none).
   */
  async set(tournament: TournamentRow, roundId: string, input: readonly RoundMotionInput[]): Promise<void> {
    const motions = roundMotionsSchema.parse(input);
    const snapshot = await this.repository.snapshot(tournament);
    const fixtureIds = roundFixtures(snapshot, roundId).map((fixture) => fixture.id);
    const existing = new Map(motionsOfRound(snapshot, roundId).map((motion) => [motion.id, motion]));
    const kept = new Set<string>();
    for (const motion of motions) {
      if (motion.id === undefined) continue;
      if (!existing.has(motion.id)) throw new HubError('NOT_FOUND', T.motionNotFound, 'motion-not-found');
      if (kept.has(motion.id)) throw new HubError('BAD_REQUEST', T.motionTwice, 'motion-twice');
      kept.add(motion.id);
    }
    const dropped = [...existing.keys()].filter((id) => !kept.has(id));
    await this.changes.write(tournament.id, async (tx) => {
      if (dropped.length) await tx.delete(tournamentMotions).where(inArray(tournamentMotions.id, dropped));
      for (const [index, motion] of motions.entries()) {
        const values = {
          seq: index + 1,
          reference: motion.reference,
          text: motion.text,
          infoSlide: motion.infoSlide,
        };
        if (motion.id)
          await tx.update(tournamentMotions).set(values).where(eq(tournamentMotions.id, motion.id));
        else
          await tx
            .insert(tournamentMotions)
            .values({ id: newId(), tournamentId: tournament.id, roundId, releasedAt: null, ...values });
      }
    });
    await this.displays.push(tournament, fixtureIds);
  }

  /**
   * Releases a round's motions: now, or at `at` (the displays get them then, see
   * scheduled-releases.ts). Motions already out stay as they are; a scheduled release is moved.
   */
  async release(tournament: TournamentRow, roundId: string, at?: number): Promise<{ released: number }> {
    const snapshot = await this.repository.snapshot(tournament);
    const fixtureIds = roundFixtures(snapshot, roundId).map((fixture) => fixture.id);
    const motions = motionsOfRound(snapshot, roundId);
    if (motions.length === 0) throw new HubError('BAD_REQUEST', T.noMotions, 'no-motions');
    const now = this.clock.now();
    const releasedAt = at !== undefined && at > now ? at : now;
    const pending = motions.filter((motion) => motion.releasedAt === null || motion.releasedAt > now);
    if (pending.length)
      await this.changes.write(tournament.id, (tx) =>
        tx
          .update(tournamentMotions)
          .set({ releasedAt })
          .where(
            inArray(
              tournamentMotions.id,
              pending.map((motion) => motion.id),
            ),
          ),
      );
    if (releasedAt > now) this.releases.rearm();
    else await this.displays.push(tournament, fixtureIds);
    return { released: pending.length };
  }

  /** Says which of its round's motions a room debated (null: none chosen). */
  async choose(tournament: TournamentRow, fixtureId: string, motionId: string | null): Promise<void> {
    const snapshot = await this.repository.snapshot(tournament);
    const fixture = snapshot.fixtures.find((row) => row.id === fixtureId);
    if (!fixture) throw new HubError('NOT_FOUND', T.fixtureNotFound, 'fixture-not-found');
    if (
      motionId !== null &&
      !motionsOfRound(snapshot, fixture.roundId).some((motion) => motion.id === motionId)
    )
      throw new HubError('BAD_REQUEST', T.motionNotInRound, 'motion-not-in-round');
    await this.changes.write(tournament.id, (tx) =>
      tx
        .update(tournamentFixtures)
        .set({ motionId })
        .where(and(eq(tournamentFixtures.id, fixtureId), eq(tournamentFixtures.tournamentId, tournament.id))),
    );
    await this.displays.push(tournament, [fixtureId]);
  }
}
