import { useCallback, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { messages } from '../../i18n';
import { Dialog } from './dialog';
import './prompt-dialog.css';

/** What a question with a typed answer asks. Strings come from the calling feature's string file. */
export interface PromptRequest {
  readonly title: string;
  /** The field's label (what to type). */
  readonly label: string;
  readonly body?: ReactNode;
  readonly initial?: string;
  /** The button that goes ahead; names the action, not 确定. */
  readonly confirmLabel: string;
  /** Why the typed text is refused (said beside the field, in Chinese), or null when it is fine. */
  readonly validate?: (value: string) => string | null;
  readonly inputMode?: 'text' | 'numeric';
}

interface Pending {
  readonly request: PromptRequest;
  readonly answer: (value: string | null) => void;
}

/**
 * The product's own question with a typed answer, in place of the browser's `prompt()`. A
 * component asks with `await prompt.ask({...})` (the trimmed text, or null when cancelled) and
 * renders `prompt.dialog` once. The field's error, when `validate` refuses, is said beside it.
 */
export function usePrompt(): { ask: (request: PromptRequest) => Promise<string | null>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pendingRef = useRef<Pending | null>(null);
  const id = useId();

  const settle = useCallback((answer: string | null) => {
    const current = pendingRef.current;
    pendingRef.current = null;
    setPending(null);
    current?.answer(answer);
  }, []);

  const ask = useCallback(
    (request: PromptRequest) =>
      new Promise<string | null>((resolve) => {
        pendingRef.current?.answer(null);
        const next = { request, answer: resolve };
        pendingRef.current = next;
        setValue(request.initial ?? '');
        setError(null);
        setPending(next);
      }),
    [],
  );

  const request = pending?.request;
  const submit = () => {
    const text = value.trim();
    const refused = request?.validate?.(text) ?? null;
    if (refused) return setError(refused);
    settle(text);
  };
  const dialog = (
    <Dialog
      open={pending !== null}
      title={request?.title ?? ''}
      onClose={() => settle(null)}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={() => settle(null)}>
            {messages.site.cancel}
          </button>
          <button type="button" className="btn btn--primary" data-confirm="yes" onClick={submit}>
            {request?.confirmLabel}
          </button>
        </>
      }
    >
      {request?.body}
      <form
        className="prompt-dialog__form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <label className="prompt-dialog__label" htmlFor={id}>
          {request?.label}
        </label>
        <input
          id={id}
          className="input"
          value={value}
          inputMode={request?.inputMode ?? 'text'}
          autoFocus
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          data-testid="prompt-input"
        />
        {error ? (
          <span className="prompt-dialog__error" id={`${id}-error`} role="alert">
            {error}
          </span>
        ) : null}
      </form>
    </Dialog>
  );
  return { ask, dialog };
}
