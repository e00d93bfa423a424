/**
 * The match commit (`TimerRepository.commitLocked`) on both databases: the usual
 * compare-and-set on the version the hub knows, and the locked path when another hub moved the
 * match on meanwhile — which must see the committed row, catch up, and never fork the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_FORMATS, apply, createMatch, type Command, type MatchState } from '@bianshi/shared';
import { openDatabase, type Database } from '../../hub/src/db/database';
import { TimerRepository, type LockedDecision } from '../../hub/src/timers/timer.repository';
import { createScratchPostgres, type ScratchDatabase } from '../support/postgres';

const FORMAT = BUILTIN_FORMATS.find((format) => format.stages[0]?.kind === 'single')!;

/** The decision a room makes: apply `command` on the row it is shown, noting when it was behind. */
function decider(
  known: MatchState,
  command: Command,
  at: number,
  seen: { behind: boolean }[],
  shown: MatchState[] = [],
) {
  return (row: { state: MatchState; version: number }): LockedDecision<{ version: number }> => {
    const behind = row.version > known.version;
    seen.push({ behind });
    shown.push(row.state);
    const result = apply(row.state, command, at);
    if (!result.ok)
      return {
        write: null,
        value: { version: row.version },
        ...(behind ? { catchUpFrom: known.version } : {}),
      };
    return {
      write: {
        next: result.state,
        entries: [{ version: result.state.version, command, events: result.events, at, actor: 'test' }],
        nextDeadline: null,
      },
      value: { version: result.state.version },
      ...(behind ? { catchUpFrom: known.version } : {}),
    };
  };
}

describe.each(['pglite', 'postgres'] as const)('match commit (%s)', (kind) => {
  let scratch: ScratchDatabase | undefined;
  let databases: Database[] = [];
  let hubA: TimerRepository;
  let hubB: TimerRepository;

  beforeAll(async () => {
    if (kind === 'postgres') {
      scratch = await createScratchPostgres();
      databases = [
        await openDatabase({ kind: 'postgres', url: scratch.url }),
        await openDatabase({ kind: 'postgres', url: scratch.url }),
      ];
    } else {
      const shared = await openDatabase({ kind: 'pglite-memory' });
      databases = [shared];
    }
    hubA = new TimerRepository(databases[0]!.db);
    hubB = new TimerRepository((databases[1] ?? databases[0]!).db);
  });
  afterAll(async () => {
    for (const database of databases) await database.close();
    await scratch?.drop();
  });

  let counter = 0;
  async function newMatch(): Promise<{ id: string; state: MatchState }> {
    counter += 1;
    const state = createMatch(FORMAT, { now: 1_000 });
    const id = `match-${kind}-${counter}`;
    await hubA.createTimer(
      {
        id: `timer-${kind}-${counter}`,
        shortid: `s${kind[0]}${counter}`,
        name: '测试',
        description: '',
        format: FORMAT,
        settings: {},
        controlKeyHash: 'x',
        viewKey: null,
        judgeKey: 'j',
        ownerId: null,
        currentMatchId: null,
      },
      { id, timerId: `timer-${kind}-${counter}`, state, version: state.version },
    );
    return { id, state };
  }

  it('commits on the known version without reading the row back', async () => {
    const { id, state } = await newMatch();
    const seen: { behind: boolean }[] = [];
    const shown: MatchState[] = [];
    const result = await hubA.commitLocked(
      id,
      { state, version: state.version },
      decider(state, { type: 'start' }, 2_000, seen, shown),
    );
    expect(result).toEqual({ found: true, value: { version: 1 }, missed: [] });
    expect(seen).toEqual([{ behind: false }]);
    // Decided on the caller's own copy, not on a row read back from the database.
    expect(shown).toHaveLength(1);
    expect(shown[0]).toBe(state);
    expect((await hubA.findMatch(id))?.version).toBe(1);
    expect((await hubA.log(id)).map((entry) => entry.version)).toEqual([1]);
  });

  it('decides again on the committed row when another hub moved the match on, and returns what it missed', async () => {
    const { id, state } = await newMatch();
    await hubB.commitLocked(id, { state, version: 0 }, decider(state, { type: 'start' }, 2_000, []));
    // Hub A still holds version 0.
    const seen: { behind: boolean }[] = [];
    const result = await hubA.commitLocked(
      id,
      { state, version: 0 },
      decider(state, { type: 'pause' }, 3_000, seen),
    );
    expect(seen).toEqual([{ behind: false }, { behind: true }]);
    expect(result.found && result.value).toEqual({ version: 2 });
    expect(result.found && result.missed.map((entry) => entry.version)).toEqual([1]);
    expect((await hubA.log(id)).map((entry) => entry.command.type)).toEqual(['start', 'pause']);
  });

  it('judges a refusal on the committed row', async () => {
    const { id, state } = await newMatch();
    await hubB.commitLocked(id, { state, version: 0 }, decider(state, { type: 'start' }, 2_000, []));
    // On hub A's stale copy `pause` is illegal (nothing runs); on the committed row it is fine.
    const seen: { behind: boolean }[] = [];
    const result = await hubA.commitLocked(
      id,
      { state, version: 0 },
      decider(state, { type: 'pause' }, 3_000, seen),
    );
    expect(result.found && result.value).toEqual({ version: 2 });
    expect(seen.at(-1)).toEqual({ behind: true });
  });

  it('never forks the log when two hubs commit on the same version at once', async () => {
    const { id, state } = await newMatch();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        (index % 2 ? hubA : hubB).commitLocked(
          id,
          { state, version: 0 },
          decider(state, { type: 'toggle' }, 2_000 + index, []),
        ),
      ),
    );
    const versions = results
      .map((result) => (result.found ? result.value.version : -1))
      .sort((a, b) => a - b);
    expect(versions).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const log = await hubA.log(id);
    expect(log.map((entry) => entry.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await hubA.findMatch(id))?.version).toBe(8);
  });

  it('reports a match that does not exist', async () => {
    const state = createMatch(FORMAT, { now: 1_000 });
    expect(
      await hubA.commitLocked(
        'no-such-match',
        { state, version: 0 },
        decider(state, { type: 'start' }, 2_000, []),
      ),
    ).toEqual({ found: false });
  });
});
