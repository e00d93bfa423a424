import { messages, format } from '../../../i18n';
import { IconMonitor, IconMoon, IconSun } from '../../../components/ui/icons';
import { Tooltip } from '../../../components/ui/tooltip';
import { useColorModeStore } from '../stores/color-mode.store';
import type { ColorModePreference } from '../color-mode';

const t = messages.site.colorMode;

const OPTIONS: { value: ColorModePreference; label: string; Icon: typeof IconSun }[] = [
  { value: 'system', label: t.system, Icon: IconMonitor },
  { value: 'light', label: t.light, Icon: IconSun },
  { value: 'dark', label: t.dark, Icon: IconMoon },
];

/** Segmented system / light / dark switch. Disabled (with a note) on routes that force a mode. */
export function ColorModeToggle() {
  const preference = useColorModeStore((s) => s.preference);
  const forced = useColorModeStore((s) => s.forced);
  const setPreference = useColorModeStore((s) => s.setPreference);
  return (
    <div
      className="segmented"
      role="group"
      aria-label={
        forced ? `${t.label}（${format(t.forced, { mode: forced === 'dark' ? t.dark : t.light })}）` : t.label
      }
      data-testid="color-mode-toggle"
    >
      {OPTIONS.map(({ value, label, Icon }) => (
        <Tooltip key={value} content={label}>
          <button
            type="button"
            className="segmented__item"
            aria-pressed={preference === value}
            aria-label={label}
            data-value={value}
            disabled={forced !== undefined}
            onClick={() => setPreference(value)}
          >
            <Icon />
          </button>
        </Tooltip>
      ))}
    </div>
  );
}
