import { isLobbyCode, normalizeLobbyCode } from '@bianshi/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { lobby as lobbyText } from '../../../i18n/zh-CN/lobby';
import { IconArrowRight } from '../../../components/ui/icons';
import { useTRPC } from '../../../lib/api/trpc';
import { lobbyErrorMessage } from '../api/lobby-errors';

const t = lobbyText.join;

/** Join by a 6-character code; a code in the address (`/lobby?code=…`) is tried once on arrival. */
export function JoinByCodeForm({ initialCode }: { initialCode: string | null }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const inputId = useId();
  const hintId = useId();
  const [value, setValue] = useState(initialCode ?? '');
  const [error, setError] = useState<string | null>(null);
  const join = useMutation(trpc.lobby.joinByCode.mutationOptions());
  const tried = useRef(false);

  const submit = (raw: string) => {
    const code = normalizeLobbyCode(raw);
    if (!code) return setError(t.empty);
    if (!isLobbyCode(code)) return setError(t.invalid);
    setError(null);
    join.mutate(
      { code },
      {
        onSuccess: (result) => void navigate(result.path),
        onError: (failure) => setError(lobbyErrorMessage(failure)),
      },
    );
  };

  useEffect(() => {
    if (initialCode && !tried.current) {
      tried.current = true;
      submit(initialCode);
    }
    // Only the code the page was opened with.
  }, [initialCode]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(value);
  };

  return (
    <form
      className="lobby-card lobby-join"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${inputId}-title`}
    >
      <h2 className="lobby-card__title" id={`${inputId}-title`}>
        {t.title}
      </h2>
      <p className="lobby-card__lead" id={hintId}>
        {t.lead}
      </p>
      <div className="lobby-join__row">
        <label htmlFor={inputId} className="sr-only">
          {t.label}
        </label>
        <input
          id={inputId}
          className="input lobby-join__input"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          placeholder={t.placeholder}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={12}
          aria-invalid={error !== null}
          aria-describedby={hintId}
          data-testid="lobby-code"
        />
        <button type="submit" className="btn btn--primary" disabled={join.isPending}>
          {join.isPending ? t.joining : t.submit}
          <IconArrowRight />
        </button>
      </div>
      {error && (
        <p className="lobby-error" role="alert" data-testid="lobby-join-error">
          {error}
        </p>
      )}
    </form>
  );
}
