import { currentStage, type MatchState } from '@bianshi/shared';
import { useId, useState, type FormEvent, type RefObject } from 'react';
import { format } from '../../../i18n';
import { consolePage as consolePageText } from '../../../i18n/zh-CN/console';
import { toast } from '../../../lib/toast';
import { parseTypedDuration } from '../../../lib/typed-duration';
import type { ConsoleActions } from '../hooks/use-console-actions';

const t = consolePageText.setTime;

/** m:ss of a typed time, for the confirmation. */
function clockText(ms: number): string {
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * 设定时间: type the time the active clock should show (3:30, 90, １:３０, 3分30秒 — what the
 * timing editor and /create read) and it shows exactly that. T focuses the field; a refusal is
 * said beside it in Chinese.
 */
export function SetTimeForm({
  state,
  actions,
  inputRef,
  disabled,
}: {
  state: MatchState;
  actions: ConsoleActions;
  inputRef: RefObject<HTMLInputElement | null>;
  disabled: boolean;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const stage = currentStage(state);
  const up = (stage.kind === 'single' || stage.kind === 'dual') && stage.direction === 'up';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = text;
    const parsed = parseTypedDuration(typed);
    if (!parsed.ok) return setError(parsed.reason);
    const refusal = await actions.setShownTime(parsed.ms);
    if (refusal === 'failed') return;
    if (refusal) return setError(t.refused[refusal]);
    toast.success(format(t.done, { time: clockText(parsed.ms) }));
    // What was typed while the hub answered is the next entry: keep it, and keep the keyboard.
    if (inputRef.current && inputRef.current.value !== typed) return;
    setError(null);
    setText('');
    // Back to the shortcuts: the field lets go of the keyboard.
    inputRef.current?.blur();
  };

  return (
    <form
      className="console-set-time"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="set-time"
    >
      <label className="console-set-time__label" htmlFor={id}>
        {t.label} <kbd aria-hidden="true">T</kbd>
      </label>
      <input
        ref={inputRef}
        id={id}
        className="input console-set-time__input"
        value={text}
        placeholder={t.placeholder}
        inputMode="text"
        autoComplete="off"
        disabled={disabled}
        aria-invalid={error !== null}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-keyshortcuts="T"
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') event.currentTarget.blur();
        }}
        data-testid="set-time-input"
      />
      <button type="submit" className="console-btn console-set-time__submit" disabled={disabled}>
        {t.submit}
      </button>
      <span className="console-muted console-set-time__hint" id={`${id}-hint`}>
        {up ? t.hintUp : t.hintDown}
      </span>
      {error ? (
        <span
          className="console-set-time__error"
          id={`${id}-error`}
          role="alert"
          data-testid="set-time-error"
        >
          {error}
        </span>
      ) : null}
    </form>
  );
}
