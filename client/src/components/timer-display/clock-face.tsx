import type { CSSProperties } from 'react';
import { clockAriaLabel, type ClockReading } from '../../lib/clock';
import { textEms } from './stage-info';

/** One clock: the digits (a `role="timer"` element whose text is exactly the shown time) and a progress bar. */
export function ClockFace({
  reading,
  label,
  team,
  showHeader,
  highlighted,
}: {
  reading: ClockReading;
  /** Side label (正方) or null for a neutral clock. */
  label: string | null;
  /** Team name shown above the digits in dual stages. */
  team?: string | null;
  showHeader: boolean;
  /** The running (or, when none runs, the active) clock of a multi-clock stage. */
  highlighted: boolean;
}) {
  const style = {
    '--td-ems': textEms(reading.text).toFixed(2),
    '--td-progress': reading.progress.toFixed(4),
  } as CSSProperties;
  return (
    <div
      className="td-clock"
      data-phase={reading.phase}
      data-running={reading.running ? 'true' : 'false'}
      data-highlighted={highlighted ? 'true' : 'false'}
      data-side={reading.side ?? 'neutral'}
      style={style}
    >
      {showHeader && (
        <div className="td-clock__head">
          {label && (
            <span className="td-chip" data-side={reading.side ?? 'neutral'}>
              {label}
            </span>
          )}
          {team && (
            <span className="td-clock__team" title={team}>
              {team}
            </span>
          )}
        </div>
      )}
      <div className="td-clock__slot">
        <span
          className="td-clock__digits"
          role="timer"
          aria-label={clockAriaLabel(label, reading.mode, reading.value)}
        >
          {reading.text}
        </span>
      </div>
      <div className="td-clock__bar" aria-hidden="true">
        <span className="td-clock__bar-fill" />
      </div>
    </div>
  );
}
