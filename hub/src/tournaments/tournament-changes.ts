import type { Db } from '../db/database';
import type { RoomRegistry } from '../timers/match.registry';
import type { TournamentRepository } from './tournament.repository';

/**
 * How a committed tournament change reaches every hub's watchers: a `tournament` HubNotice
 * (handled in `RoomRegistry.handle`) carrying the new version; watchers re-read from the
 * database, so nothing about a tournament is cached in any hub's memory.
 */
export class TournamentChanges {
  constructor(
    private readonly rooms: RoomRegistry,
    private readonly repository: TournamentRepository,
  ) {}

  /**
   * Runs `work` in one transaction that also bumps the tournament's version, then tells every
   * hub. Every change of a tournament goes through here.
   */
  async write<T>(tournamentId: string, work: (tx: Db) => Promise<T>): Promise<T> {
    const { value, version } = await this.repository.transaction(async (tx) => {
      const value = await work(tx);
      return { value, version: await this.repository.bump(tx, tournamentId) };
    });
    await this.committed(tournamentId, version);
    return value;
  }

  private readonly afterCommit: Array<(tournamentId: string) => Promise<void>> = [];

  /** Runs `listener` on this hub after each committed change (the library collects a finished tournament's motions). */
  onCommitted(listener: (tournamentId: string) => Promise<void>): void {
    this.afterCommit.push(listener);
  }

  /** Tells every hub (this one too) that `tournamentId` is now at `version`. */
  async committed(tournamentId: string, version: number): Promise<void> {
    await this.rooms.announce({ type: 'tournament', tournamentId, version });
    for (const listener of this.afterCommit) await listener(tournamentId);
  }

  /**
   * Yields `current` at once, then every newer version announced, until `signal` aborts.
   * Listens before yielding, so a change during the first read is not missed.
   */
  async *versions(
    tournamentId: string,
    current: () => Promise<number>,
    signal: AbortSignal,
  ): AsyncGenerator<number> {
    let latest = 0;
    let pending = 0;
    let wake: (() => void) | null = null;
    const stop = this.rooms.onTournamentChanged((id, version) => {
      if (id !== tournamentId || version <= latest) return;
      pending = Math.max(pending, version);
      wake?.();
    });
    const aborted = new Promise<void>((resolve) =>
      signal.addEventListener('abort', () => resolve(), { once: true }),
    );
    try {
      latest = await current();
      yield latest;
      while (!signal.aborted) {
        if (pending <= latest) {
          await Promise.race([new Promise<void>((resolve) => (wake = resolve)), aborted]);
          wake = null;
          continue;
        }
        latest = pending;
        yield latest;
      }
    } finally {
      stop();
    }
  }
}
