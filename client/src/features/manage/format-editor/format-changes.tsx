import type { FormatChange, StageDurations } from '@bianshi/shared';
import { format as fill } from '../../../i18n';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { mmss } from '../time-text';

const t = manageText.timing.changes;

/** A stage's clock times as the list says them: 3:30, or 正方 4:00 / 反方 4:00. */
function times(durations: StageDurations): string {
  const time = (durationMs: number | null) => (durationMs === null ? t.noClock : mmss(durationMs));
  if (durations.length === 0) return t.noClock;
  if (durations.length === 1) return time(durations[0]!.durationMs);
  return durations.map(({ side, durationMs }) => `${t.sides[side]} ${time(durationMs)}`.trim()).join(' / ');
}

/** One change in the organizer's words: 第 2 环节「正方一辩 立论」时长 3:30 → 4:00. */
export function changeText(change: FormatChange): string {
  switch (change.type) {
    case 'added':
      return fill(t.added, {
        n: change.index + 1,
        name: change.name,
        times: change.durations.length > 0 ? `（${times(change.durations)}）` : '',
      });
    case 'removed':
      return fill(t.removed, { n: change.index + 1, name: change.name });
    case 'retimed':
      return fill(t.retimed, {
        n: change.index + 1,
        name: change.name,
        from: times(change.from),
        to: times(change.to),
      });
    case 'changed':
      return fill(t.changed, { n: change.index + 1, name: change.name });
    case 'moved':
      return fill(t.moved, { name: change.name, from: change.from + 1, to: change.to + 1 });
    case 'facts':
      return fill(t.factChanged, { what: t.facts[change.what] });
  }
}

/** The list of what a format edit changes (or that it changes nothing). */
export function FormatChanges({ changes }: { changes: readonly FormatChange[] }) {
  if (changes.length === 0) return <p>{t.none}</p>;
  return (
    <ul className="fe-changes" data-testid="format-changes">
      {changes.map((change, index) => (
        <li key={index}>{changeText(change)}</li>
      ))}
    </ul>
  );
}
