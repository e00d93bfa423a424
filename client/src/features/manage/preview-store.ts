import { apply, createMatch, type Format, type MatchState, type TimerPublic } from '@bianshi/shared';
import { createLocalTimerStore, type TimerStore } from '../../lib/realtime/timer';

/**
 * A local timer store for previews (skin, logo): the format's first stage with a clock,
 * running, so colours and digits show as they will on the projector.
 */
export function previewStore(format: Format, timer: TimerPublic, now = Date.now()): TimerStore {
  let state: MatchState = createMatch(format, { now });
  const index = format.stages.findIndex((stage) => stage.kind !== 'none');
  if (index > 0) {
    const moved = apply(state, { type: 'goto', stageIndex: index }, now);
    if (moved.ok) state = moved.state;
  }
  const started = apply(state, { type: 'start' }, now);
  if (started.ok) state = started.state;
  return createLocalTimerStore({ matchId: 'preview', state, timer });
}
