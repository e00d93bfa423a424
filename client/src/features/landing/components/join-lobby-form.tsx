import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { landing as landingText } from '../../../i18n/zh-CN/landing';
import { IconArrowRight } from '../../../components/ui/icons';
import { parseJoinCode } from '../join-code';

const t = landingText.join;

/** Join a lobby by its code: goes to `/lobby?code=…`. */
export function JoinLobbyForm() {
  const navigate = useNavigate();
  const inputId = useId();
  const hintId = useId();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = parseJoinCode(value);
    if (!result.ok) {
      setInvalid(true);
      toast.error(result.reason === 'empty' ? t.empty : t.invalid);
      return;
    }
    setInvalid(false);
    // No toast here: /lobby says whether the code opens a lobby (an error, or the lobby itself).
    void navigate(`/lobby?code=${encodeURIComponent(result.code)}`);
  };

  return (
    <form className="join-form" onSubmit={submit} noValidate aria-label={t.title}>
      <div className="join-form__head">
        <h2 className="join-form__title">{t.title}</h2>
        <p className="join-form__lead" id={hintId}>
          {t.lead}
        </p>
      </div>
      <div className="join-form__row">
        <label htmlFor={inputId} className="sr-only">
          {t.label}
        </label>
        <input
          id={inputId}
          className="input join-form__input"
          name="code"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setInvalid(false);
          }}
          placeholder={t.placeholder}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={16}
          aria-invalid={invalid}
          aria-describedby={hintId}
          data-testid="join-code"
        />
        <button type="submit" className="btn btn--secondary join-form__submit">
          {t.submit}
          <IconArrowRight />
        </button>
      </div>
    </form>
  );
}
