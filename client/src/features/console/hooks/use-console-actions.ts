import {
  clockViews,
  currentRuntime,
  currentStage,
  project,
  type CommandInput,
  type MatchState,
  type SideId,
} from '@bianshi/shared';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../lib/toast';
import { format } from '../../../i18n';
import { consolePage as consolePageText } from '../../../i18n/zh-CN/console';
import { useTimerCommands, useTimerStore, type TimerStore } from '../../../lib/realtime/timer';
import { setTimeCommand, type SetTimeRefusal } from './set-time';

const t = consolePageText;

/** Ten seconds, the step of the ± buttons and keys. */
export const ADJUST_STEP_MS = 10_000;

/**
 * Commands that move between stages, throw time away or take a command back carry the version they
 * were decided on (a stale double press conflicts instead of acting twice).
 */
const VERSIONED: ReadonlySet<CommandInput['type']> = new Set([
  'next',
  'prev',
  'goto',
  'resetStage',
  'finish',
  'undo',
]);

/** What the console can do right now, derived from the match state. */
export interface ConsoleAbilities {
  hasClock: boolean;
  running: boolean;
  canSwitch: boolean;
  canPrev: boolean;
  canNext: boolean;
  finished: boolean;
  /** Why +10 秒 (give time back) cannot apply now, or null when it can. */
  giveBackBlocked: string | null;
  /** Why −10 秒 (take time) cannot apply now, or null when it can. */
  takeBlocked: string | null;
  /** Something was done that 撤销 may take back (the hub still decides). */
  canUndo: boolean;
}

/** True when resetting the current stage would throw time away (a clock used some, or runs). */
export function resetLosesTime(state: MatchState): boolean {
  return currentRuntime(state).clocks.some((clock) => clock.usedMs > 0 || clock.runningSince !== null);
}

/** Whether the stage's clocks keep counting past zero (then time can always be taken). */
function overtimeContinues(state: MatchState): boolean {
  const stage = currentStage(state);
  return stage.kind === 'single' || stage.kind === 'dual' ? stage.overtime === 'continue' : false;
}

/**
 * How much of `deltaMs` an adjust can apply at `now`: a give-back (positive) at most the time
 * used, a take (negative) at most what is left unless the clock counts overtime. 0 when none.
 */
export function applicableAdjust(state: MatchState, deltaMs: number, now: number): number {
  const projected = project(state, now);
  const view = clockViews(projected, now).find((clock) => clock.active);
  if (!view) return 0;
  if (deltaMs > 0) return Math.min(deltaMs, Math.floor(view.usedMs));
  if (overtimeContinues(projected)) return deltaMs;
  return -Math.min(-deltaMs, Math.max(0, Math.floor(view.budgetMs - view.usedMs)));
}

/** Abilities of a state (all false before the first state arrives). */
export function abilitiesOf(state: MatchState | null): ConsoleAbilities {
  if (!state)
    return {
      hasClock: false,
      running: false,
      canSwitch: false,
      canPrev: false,
      canNext: false,
      finished: false,
      giveBackBlocked: null,
      takeBlocked: null,
      canUndo: false,
    };
  const stage = currentStage(state);
  const finished = state.status === 'finished';
  const runtime = currentRuntime(state);
  const active = runtime.clocks[runtime.activeClock];
  const running = (active?.runningSince ?? null) !== null;
  // From the state alone: a running clock is using time (and has some left, or it would have stopped).
  const giveBackBlocked = !active
    ? null
    : !running && active.usedMs <= 0
      ? t.adjustBlocked.nothingUsed
      : null;
  const takeBlocked =
    !active || running || overtimeContinues(state)
      ? null
      : active.usedMs >= active.budgetMs
        ? t.adjustBlocked.nothingLeft
        : null;
  return {
    hasClock: stage.kind !== 'none',
    running: state.status === 'running',
    canSwitch: !finished && (stage.kind === 'dual' || (stage.kind === 'prep' && stage.sides.length === 2)),
    canPrev: !finished && state.stageIndex > 0,
    canNext: !finished && state.stageIndex < state.format.stages.length - 1,
    finished,
    giveBackBlocked,
    takeBlocked,
    canUndo: state.version > 0,
  };
}

/**
 * The console's commands. Each is sent with `useTimerCommands`; the answer's state is fed to
 * the store at once (so the next key press sees it), a failure shows a Chinese toast, and a
 * conflict refreshes the state (done by the library). What throws time away (重置本环节 on a
 * stage that used some, 结束比赛) asks first, with the product's dialog: render `dialog` once.
 */
export function useConsoleActions(timerId: string, store: TimerStore) {
  const { send, pending } = useTimerCommands(timerId);
  const state = useTimerStore(store, (s) => s.state);
  const confirm = useConfirm();

  const run = useCallback(
    async (command: CommandInput): Promise<boolean> => {
      const current = store.getState();
      const expectedVersion =
        VERSIONED.has(command.type) && current.state ? current.state.version : undefined;
      const result = await send(command, expectedVersion === undefined ? {} : { expectedVersion });
      if (!result.ok) {
        toast.error(format(t.commandFailed, { message: result.error.message }));
        return false;
      }
      const matchId = store.getState().matchId;
      if (matchId) store.getState().acceptState(matchId, result.state);
      return true;
    },
    [send, store],
  );

  const actions = useMemo(
    () => ({
      toggle: () => {
        const live = store.getState().state;
        return run({ type: live?.status === 'running' ? 'pause' : 'start' });
      },
      prev: () => run({ type: 'prev' }),
      next: () => run({ type: 'next' }),
      goto: (stageIndex: number) => run({ type: 'goto', stageIndex }),
      // Only where there is another side (a key pressed on a one-clock stage does nothing, quietly).
      switchSide: () =>
        abilitiesOf(store.getState().state).canSwitch ? run({ type: 'switchSide' }) : Promise.resolve(false),
      reset: async () => {
        const live = store.getState().state;
        if (
          live &&
          resetLosesTime(live) &&
          !(await confirm.ask({
            title: t.confirmReset.title,
            body: t.confirmReset.body,
            confirmLabel: t.confirmReset.confirm,
            tone: 'danger',
          }))
        )
          return false;
        return run({ type: 'resetStage' });
      },
      // ±10 秒 applies what it can (9 s used: +10 秒 gives back 9 s) instead of failing.
      adjust: (deltaMs: number) => {
        const current = store.getState();
        if (!current.state) return Promise.resolve(false);
        const applicable = applicableAdjust(current.state, deltaMs, current.clock.now());
        if (applicable === 0) {
          toast.info(deltaMs > 0 ? t.adjustBlocked.nothingUsed : t.adjustBlocked.nothingLeft);
          return Promise.resolve(false);
        }
        return run({ type: 'adjust', deltaMs: applicable });
      },
      bell: () => run({ type: 'ringBell', count: 1 }),
      /** 设定时间: the active clock shows exactly `targetMs`; resolves null when done, else why not. */
      setShownTime: async (targetMs: number): Promise<SetTimeRefusal | 'failed' | null> => {
        const current = store.getState();
        if (!current.state) return 'no-clock';
        const made = setTimeCommand(current.state, targetMs, current.clock.now());
        if (!made.ok) return made.reason;
        return (await run(made.command)) ? null : 'failed';
      },
      timeoutStart: (side: SideId) => run({ type: 'timeoutStart', side }),
      timeoutEnd: () => run({ type: 'timeoutEnd' }),
      message: (text: string) => run({ type: 'overlay', action: 'message', text }),
      blackout: (on: boolean) => run({ type: 'overlay', action: 'blackout', on }),
      flash: () => run({ type: 'overlay', action: 'flash', colour: 'white' }),
      clearOverlay: () => run({ type: 'overlay', action: 'clear' }),
      finish: async () => {
        if (
          !(await confirm.ask({
            title: t.confirmFinish.title,
            body: t.confirmFinish.body,
            confirmLabel: t.confirmFinish.confirm,
            tone: 'danger',
          }))
        )
          return false;
        return run({ type: 'finish' });
      },
      // 撤销 takes back the last command on the hub (any console's, on any hub); the hub refuses in Chinese when it cannot.
      undo: async () => {
        const ok = await run({ type: 'undo' });
        if (ok) toast.success(t.undone);
        return ok;
      },
    }),
    [run, store, confirm.ask],
  );

  const dialog: ReactNode = confirm.dialog;
  return { actions, pending, abilities: abilitiesOf(state), dialog };
}

/** The console's actions object. */
export type ConsoleActions = ReturnType<typeof useConsoleActions>['actions'];
