import type { Bell } from '@bianshi/shared';
import { format } from '../../../i18n';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { DurationInput } from './duration-input';

const t = manageText.timing;
const names = manageText.audio.soundNames as Record<string, string>;

/** The sounds every timer has; uploads replace them on the 铃声 page. */
const BUILT_IN = Object.keys(names);

/** A sound as users know it: 铃 / 叮 / 锣, or 自定义（name） for one a format file brought. */
function soundLabel(sound: string): string {
  return names[sound] ?? format(t.customSound, { name: sound });
}

/** The bells of a stage: from start/end, offset, strikes, sound. */
export function BellsEditor({
  bells,
  onChange,
  disabled,
  where,
}: {
  bells: Bell[];
  onChange: (bells: Bell[]) => void;
  disabled: boolean;
  where: string;
}) {
  const patch = (index: number, value: Partial<Bell>) =>
    onChange(bells.map((bell, i) => (i === index ? { ...bell, ...value } : bell)));
  return (
    <div className="fe-bells">
      <span className="manage-field__label">{t.bells}</span>
      {bells.map((bell, index) => (
        <div key={index} className="fe-bell">
          <select
            className="input"
            aria-label={t.bells}
            value={bell.from}
            disabled={disabled}
            onChange={(e) => patch(index, { from: e.target.value as Bell['from'] })}
          >
            <option value="start">{t.bellFrom.start}</option>
            <option value="end">{t.bellFrom.end}</option>
          </select>
          <DurationInput
            label={t.bellTime}
            field={`${where} · ${format(t.issueFields.bell, { n: index + 1 })}`}
            valueMs={bell.offsetMs}
            disabled={disabled}
            onChange={(offsetMs) => patch(index, { offsetMs })}
          />
          <select
            className="input"
            aria-label={t.bellCount}
            value={bell.count}
            disabled={disabled}
            onChange={(e) => patch(index, { count: Number(e.target.value) })}
          >
            {[1, 2, 3, 4, 5].map((n) => (
              <option key={n} value={n}>
                {format(t.bellCount, { n })}
              </option>
            ))}
          </select>
          <select
            className="input fe-sound"
            aria-label={t.bellSound}
            value={bell.sound}
            disabled={disabled}
            onChange={(e) => patch(index, { sound: e.target.value })}
          >
            {[...BUILT_IN, ...(BUILT_IN.includes(bell.sound) ? [] : [bell.sound])].map((sound) => (
              <option key={sound} value={sound}>
                {soundLabel(sound)}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={disabled}
            onClick={() => onChange(bells.filter((_, i) => i !== index))}
          >
            {t.remove}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn btn--ghost btn--sm fe-add"
        disabled={disabled || bells.length >= 20}
        onClick={() => onChange([...bells, { from: 'end', offsetMs: 0, count: 1, sound: 'bell' }])}
      >
        {t.addBell}
      </button>
    </div>
  );
}
