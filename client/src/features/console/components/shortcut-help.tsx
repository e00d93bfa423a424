import { Dialog } from '../../../components/ui/dialog';
import { format } from '../../../i18n';
import { consolePage as consolePageText } from '../../../i18n/zh-CN/console';
import { useConsoleUi, type ToggleKey } from '../stores/console-ui.store';
import { KEYS_OF } from '../hooks/use-console-keyboard';

const t = consolePageText.help;

/** How a key is written in the list: 空格, B, L. */
export function keyLabel(key: string): string {
  return key === ' ' ? t.toggleKeys.space : key.toUpperCase();
}

/**
 * The keyboard shortcut list (`?`), with this device's start/pause key: Space, or B where Space
 * is push-to-talk in a meeting app. The list shows the keys as they are now.
 */
export function ShortcutHelp() {
  const open = useConsoleUi((s) => s.helpOpen);
  const setOpen = useConsoleUi((s) => s.setHelpOpen);
  const toggleKey = useConsoleUi((s) => s.toggleKey);
  const setToggleKey = useConsoleUi((s) => s.setToggleKey);
  const keys = KEYS_OF[toggleKey];
  const names = { toggle: keyLabel(keys.toggle), bell: keyLabel(keys.bell) };
  return (
    <Dialog
      open={open}
      title={t.title}
      onClose={() => setOpen(false)}
      footer={
        <button type="button" className="btn btn--primary" onClick={() => setOpen(false)}>
          {t.close}
        </button>
      }
    >
      <fieldset className="console-toggle-key" data-testid="toggle-key">
        <legend>{t.toggleKey}</legend>
        <div className="console-toggle-key__options">
          {(['space', 'b'] as const satisfies readonly ToggleKey[]).map((choice) => (
            <label key={choice} className="console-toggle-key__option">
              <input
                type="radio"
                name="console-toggle-key"
                value={choice}
                checked={toggleKey === choice}
                onChange={() => setToggleKey(choice)}
              />
              <kbd>{t.toggleKeys[choice]}</kbd>
            </label>
          ))}
        </div>
        <p className="console-muted">{t.toggleKeyHint}</p>
      </fieldset>
      <dl className="console-keys" data-testid="shortcut-list">
        {t.keys.map(([key, what]) => {
          const shown = format(key, names);
          return (
            <div key={key} className="console-keys__row">
              <dt>
                <kbd>{shown}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          );
        })}
      </dl>
      <p className="console-muted">{t.note}</p>
      {toggleKey === 'b' ? <p className="console-muted">{t.spaceOff}</p> : null}
    </Dialog>
  );
}
