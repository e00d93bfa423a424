import { reserveReached, type MatchState } from '@bianshi/shared';
import { format } from '../../../i18n';
import { consolePage as consolePageText } from '../../../i18n/zh-CN/console';
import { formatSeconds } from '../../../lib/timer-sync';
import './reserve-notice.css';

const t = consolePageText;

/**
 * Warns the timekeeper when a speech has stopped where its pool's reserve begins (新国辩: the
 * speeches before 结辩 may not spend its 3:00), so the stop is not taken for a fault. Read from
 * the state at `now`: the hub's push when the clock stops re-renders it.
 */
export function ReserveNotice({ state, now }: { state: MatchState; now: number }) {
  const reached = reserveReached(state, now);
  if (!reached) return null;
  const pool = state.format.pools.find((value) => value.id === reached.poolId);
  const text = format(t.reserveReached, {
    side: state.format.sides[reached.side]?.label ?? '',
    pool: pool?.name ?? reached.poolId,
    stages: reached.stages.join('、'),
    time: formatSeconds(Math.ceil(reached.heldMs / 1000)),
  });
  return (
    <p className="console-reserve" role="alert" data-testid="console-reserve-reached">
      {text}
    </p>
  );
}
