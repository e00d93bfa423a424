import { currentStage } from '@bianshi/shared';
import { tournamentOverview as t } from '../../../i18n/zh-CN/tournament-overview';
import { useFrameClock, type ClockReading } from '../../../lib/clock';
import type { LobbyStore } from '../../../lib/realtime/lobby';
import { useClockModel, useTimerStore, type TimerStore } from '../../../lib/realtime/timer';
import { useFixtureClock } from '../hooks/use-round-clocks';

/**
 * A room's current stage and time left, two cells of its row, from the round's one lobby watch.
 * The frame loop (shared by every clock of the page) re-renders a cell only when its shown
 * seconds change, and not at all while its clock stands still; no tenths, so a running clock
 * draws once a second even in its last ten.
 */
export function OverviewClockCells({ store, timerId }: { store: LobbyStore; timerId: string | null }) {
  const timer = useFixtureClock(store, timerId);
  if (!timer)
    return (
      <>
        <td className="to-stage to-muted">{timerId ? t.connecting : t.noClock}</td>
        <td className="to-time to-muted">{t.noClock}</td>
      </>
    );
  return <ClockCells timer={timer} />;
}

function ClockCells({ timer }: { timer: TimerStore }) {
  const clock = useTimerStore(timer, (s) => s.clock);
  const model = useClockModel(timer, { tenths: false });
  const now = useFrameClock(model, clock);
  if (!model)
    return (
      <>
        <td className="to-stage to-muted">{t.connecting}</td>
        <td className="to-time to-muted">{t.noClock}</td>
      </>
    );
  const readings = model.readAll(now);
  const state = model.current;
  const stage = currentStage(state);
  const shown =
    readings.find((reading) => reading.running) ?? readings.find((reading) => reading.active) ?? readings[0];
  return (
    <>
      <td className="to-stage" title={stage.name} data-testid="to-stage">
        {stage.name}
      </td>
      <td
        className="to-time"
        data-testid="to-time"
        data-phase={shown?.phase ?? 'normal'}
        data-running={shown?.running ? 'true' : 'false'}
      >
        <span className="to-time__box">
          {readings.length === 0
            ? t.noClock
            : readings.length === 1
              ? readings[0]!.text
              : readings.map((reading) => (
                  <SideTime key={reading.index} reading={reading} shown={reading === shown} />
                ))}
        </span>
      </td>
    </>
  );
}

/** 正 01:23 beside 反 02:00 in a two-clock stage (自由辩论), the speaking side's in bold. */
function SideTime({ reading, shown }: { reading: ClockReading; shown: boolean }) {
  return (
    <span className="to-time__side" data-shown={shown || undefined}>
      {reading.side ? t.sideName[reading.side] : ''}
      {reading.text}
    </span>
  );
}
