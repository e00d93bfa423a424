import {
  clockViews,
  currentStage,
  project,
  stagePoolId,
  type CommandInput,
  type MatchState,
} from '@bianshi/shared';

/** Why the shown time cannot be set to a value. */
export type SetTimeRefusal = 'no-clock' | 'finished' | 'over-budget';

/**
 * The command that makes the active clock show exactly `targetMs` at `now`: time left for a
 * countdown, time used for a count-up clock. Within the stage's time it moves the used time
 * (`adjust`, so the record keeps the allotted time and shows the correction); past it, a
 * countdown gets a longer allotment (`setBudget`). A clock drawing on a team pool, or a count-up
 * clock that stops at its limit, cannot go past it.
 */
export function setTimeCommand(
  state: MatchState,
  targetMs: number,
  now: number,
): { ok: true; command: CommandInput } | { ok: false; reason: SetTimeRefusal } {
  if (state.status === 'finished') return { ok: false, reason: 'finished' };
  const projected = project(state, now);
  const view = clockViews(projected, now).find((clock) => clock.active);
  const stage = currentStage(projected);
  if (!view || stage.kind === 'none') return { ok: false, reason: 'no-clock' };
  const overtime = (stage.kind === 'single' || stage.kind === 'dual') && stage.overtime === 'continue';
  const usedMs = Math.floor(view.usedMs);
  // The used time that shows `targetMs`.
  const wantUsed = view.direction === 'up' ? targetMs : view.budgetMs - targetMs;
  if (wantUsed >= 0 && (overtime || wantUsed <= view.budgetMs)) {
    return { ok: true, command: { type: 'adjust', deltaMs: usedMs - wantUsed, clock: view.index } };
  }
  // Past the stage's time: a countdown is given more; a pooled or count-up clock cannot be.
  if (view.direction === 'up' || stagePoolId(stage) !== null) return { ok: false, reason: 'over-budget' };
  return { ok: true, command: { type: 'setBudget', budgetMs: usedMs + targetMs, clock: view.index } };
}
