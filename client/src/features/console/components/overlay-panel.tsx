import type { MatchState } from '@bianshi/shared';
import type { FormEvent } from 'react';
import { format } from '../../../i18n';
import { consolePage as consolePageText } from '../../../i18n/zh-CN/console';
import type { ConsoleActions } from '../hooks/use-console-actions';
import { useConsoleUi } from '../stores/console-ui.store';

const t = consolePageText.overlay;

/** Message, blackout, flash and clear for what lies over the display. */
export function OverlayPanel({ state, actions }: { state: MatchState; actions: ConsoleActions }) {
  const draft = useConsoleUi((s) => s.messageDraft);
  const setDraft = useConsoleUi((s) => s.setMessageDraft);
  const { overlay } = state;
  const active = [
    overlay.message ? format(t.activeMessage, { text: overlay.message }) : null,
    overlay.blackout ? t.activeBlackout : null,
  ]
    .filter(Boolean)
    .join('、');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (text) void actions.message(text).then((ok) => ok && setDraft(''));
  };
  return (
    <section className="console-card" aria-labelledby="console-overlay-title">
      <h2 id="console-overlay-title" className="console-card__title">
        {t.title}
      </h2>
      <form className="console-message" onSubmit={submit}>
        <label className="sr-only" htmlFor="console-message-input">
          {t.message}
        </label>
        <input
          id="console-message-input"
          className="input"
          value={draft}
          maxLength={500}
          placeholder={t.messagePlaceholder}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="console-btn" disabled={!draft.trim()}>
          {t.show}
        </button>
      </form>
      <div className="console-card__row">
        <button
          type="button"
          className="console-btn"
          aria-pressed={overlay.blackout}
          onClick={() => void actions.blackout(!overlay.blackout)}
        >
          {overlay.blackout ? t.blackoutOff : t.blackout}
        </button>
        <button type="button" className="console-btn" onClick={() => void actions.flash()}>
          {t.flash}
        </button>
        <button
          type="button"
          className="console-btn"
          disabled={!overlay.message && !overlay.blackout}
          onClick={() => void actions.clearOverlay()}
        >
          {t.clear}
        </button>
      </div>
      {active ? <p className="console-muted">{format(t.active, { what: active })}</p> : null}
    </section>
  );
}
