import { format } from '../../../i18n';
import { library as libraryText } from '../../../i18n/zh-CN/library';
import { mmss } from '../text';

const t = libraryText.record;

/** One clock of one stage. */
export interface ChartRow {
  index: number;
  name: string;
  side: 'aff' | 'neg' | null;
  allottedMs: number;
  usedMs: number;
  overtimeMs: number;
  pauses: number;
  bells: number;
}

/**
 * Used against allotted per stage and side, as horizontal bars on one scale: the track is the
 * time allotted, the fill the time used, overtime in red beyond the track. An SVG, so it prints.
 */
export function RecordChart({
  rows,
  sides,
}: {
  rows: readonly ChartRow[];
  sides: Record<'aff' | 'neg', string>;
}) {
  const scaleMs = Math.max(1, ...rows.map((row) => Math.max(row.allottedMs, row.usedMs)));
  const rowHeight = 30;
  const labelWidth = 34;
  const width = 100;
  return (
    <figure className="lib-chart" aria-label={t.chart} data-testid="record-chart">
      <div className="lib-chart__legend">
        <span className="lib-chart__key lib-chart__key--allotted">{t.legendAllotted}</span>
        <span className="lib-chart__key lib-chart__key--aff">{`${t.legendUsed}（${sides.aff}）`}</span>
        <span className="lib-chart__key lib-chart__key--neg">{`${t.legendUsed}（${sides.neg}）`}</span>
        <span className="lib-chart__key lib-chart__key--over">{t.legendOvertime}</span>
      </div>
      <ol className="lib-chart__rows">
        {rows.map((row) => {
          const allotted = (row.allottedMs / scaleMs) * (width - labelWidth);
          const used = (Math.min(row.usedMs, row.allottedMs) / scaleMs) * (width - labelWidth);
          const over = (row.overtimeMs / scaleMs) * (width - labelWidth);
          return (
            <li
              key={`${row.index}-${row.side}`}
              className="lib-chart__row"
              data-overtime={row.overtimeMs > 0}
              data-side={row.side ?? 'none'}
            >
              <span className="lib-chart__label">
                <span className={`lib-side lib-side--${row.side ?? 'none'}`}>
                  {row.side ? sides[row.side] : '—'}
                </span>{' '}
                {row.name}
              </span>
              <svg
                className="lib-chart__bar"
                viewBox={`0 0 ${width - labelWidth} 10`}
                preserveAspectRatio="none"
                role="img"
                aria-label={`${row.name} ${t.used} ${mmss(row.usedMs)} / ${t.allotted} ${mmss(row.allottedMs)}`}
                height={rowHeight / 2}
              >
                <rect className="lib-chart__track" x="0" y="0" width={allotted} height="10" rx="1.5" />
                <rect
                  className={`lib-chart__used lib-chart__used--${row.side ?? 'none'}`}
                  x="0"
                  y="0"
                  width={used}
                  height="10"
                  rx="1.5"
                />
                {over > 0 ? (
                  <rect className="lib-chart__over" x={used} y="0" width={over} height="10" rx="1.5" />
                ) : null}
              </svg>
              <span className="lib-chart__figures">
                {mmss(row.usedMs)} / {mmss(row.allottedMs)}
                {row.overtimeMs > 0 ? (
                  <strong className="lib-over">{` +${mmss(row.overtimeMs)}`}</strong>
                ) : null}
                {row.bells ? (
                  <span className="lib-muted">{` · ${format(t.bells, { n: row.bells })}`}</span>
                ) : null}
                {row.pauses ? (
                  <span className="lib-muted">{` · ${format(t.pauses, { n: row.pauses })}`}</span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}
