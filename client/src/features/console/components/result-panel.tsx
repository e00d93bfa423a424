import type { MatchState } from '@bianshi/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { consolePage as consolePageText } from '../../../i18n/zh-CN/console';
import { toast } from '../../../lib/toast';
import { commandError, useTimerStore, type TimerStore } from '../../../lib/realtime/timer';
import { useTrpcClient } from '../../../lib/api/trpc-client';

const t = consolePageText.result;

/**
 * After 结束比赛: a link to fill in the result sheet, and 在大屏显示结果 (the hub takes the winner,
 * 票型 and 最佳辩手 from the record's sheet and puts them on every display of every hub).
 */
export function ResultPanel({
  timerId,
  state,
  store,
}: {
  timerId: string;
  state: MatchState;
  store: TimerStore;
}) {
  const client = useTrpcClient();
  const matchId = useTimerStore(store, (s) => s.matchId);
  const [pending, setPending] = useState(false);
  const shown = state.overlay.result !== undefined;
  const toggle = async () => {
    setPending(true);
    try {
      const answer = await client.timer.showResult.mutate({
        timerId,
        ...(matchId ? { matchId } : {}),
        show: !shown,
      });
      if (matchId) store.getState().acceptState(matchId, answer.state as MatchState);
      toast.success(shown ? t.hiddenToast : t.shownToast);
    } catch (error) {
      toast.error(commandError(error).message);
    } finally {
      setPending(false);
    }
  };
  return (
    <section
      className="console-result"
      aria-labelledby="console-result-title"
      data-shown={shown}
      data-testid="console-result"
    >
      <h2 id="console-result-title" className="console-card__title">
        {t.title}
      </h2>
      <p className="console-muted">{shown ? t.shown : t.lead}</p>
      <div className="console-result__actions">
        {matchId ? (
          <Link className="btn btn--ghost btn--sm" to={`/record/${matchId}`} target="_blank" rel="noopener">
            {t.sheet}
          </Link>
        ) : null}
        <button
          type="button"
          className={shown ? 'btn btn--ghost btn--sm' : 'btn btn--primary btn--sm'}
          disabled={pending}
          onClick={() => void toggle()}
          data-testid="console-show-result"
        >
          {shown ? t.hide : t.show}
        </button>
      </div>
    </section>
  );
}
