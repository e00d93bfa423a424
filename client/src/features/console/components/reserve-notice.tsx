import { reserveReached, type MatchState } from '@bianshi/shared';
import { useEffect } from 'react';
import { format } from '../../../i18n';
import { consolePage as consolePageText } from '../../../i18n/zh-CN/console';
import { toast } from '../../../lib/toast';
import { formatSeconds } from '../../../lib/clock';
import './reserve-notice.css';

const t = consolePageText;

/**
 * Warns the timekeeper when a speech has stopped where its pool's reserve begins (新国辩: the
 * speeches before 结辩 may not spend its 3:00), so the stop is not taken for a fault. Read from
 * the state at `now`: the hub's push when the clock stops re-renders it. The notice sits below
 * the controls, out of sight on a laptop screen, so reaching the reserve is also said in a toast
 * (once per stage and side), where the timekeeper looks when the clock stops.
 */
export function ReserveNotice({ state, now }: { state: MatchState; now: number }) {
  const reached = reserveReached(state, now);
  const pool = reached ? state.format.pools.find((value) => value.id === reached.poolId) : undefined;
  const text = reached
    ? format(t.reserveReached, {
        side: state.format.sides[reached.side]?.label ?? '',
        pool: pool?.name ?? reached.poolId,
        stages: reached.stages.join('、'),
        time: formatSeconds(Math.ceil(reached.heldMs / 1000)),
      })
    : null;
  const key = reached ? `${state.stageIndex}:${reached.side}` : null;
  useEffect(() => {
    if (key !== null && text !== null)
      toast.warning(text, { id: `reserve-reached:${key}`, duration: 10_000 });
  }, [key, text]);
  if (!reached) return null;
  return (
    <p className="console-reserve" role="alert" data-testid="console-reserve-reached">
      {text}
    </p>
  );
}
