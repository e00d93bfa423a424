import { Dialog } from '../../../components/ui/dialog';
import { consolePage as consolePageText } from '../../../i18n/zh-CN/console';
import { useConsoleUi } from '../stores/console-ui.store';

const t = consolePageText.help;

/** The keyboard shortcut list (`?`). */
export function ShortcutHelp() {
  const open = useConsoleUi((s) => s.helpOpen);
  const setOpen = useConsoleUi((s) => s.setHelpOpen);
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
      <dl className="console-keys">
        {t.keys.map(([key, what]) => (
          <div key={key} className="console-keys__row">
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <p className="console-muted">{t.note}</p>
    </Dialog>
  );
}
