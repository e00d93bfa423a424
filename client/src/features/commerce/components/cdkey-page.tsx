import { CDKEY_PROBLEM_MESSAGES, parseCdkey } from '@bianshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { format } from '../../../i18n';
import { commerce as commerceText } from '../../../i18n/zh-CN/commerce';
import { useTRPCClient } from '../../../lib/api/trpc';
import { formErrorOf } from '../api/commerce-queries';
import { when } from '../format';
import { SignInGate } from './sign-in-gate';
import '../commerce.css';

const t = commerceText.cdkey;

/** /buy/cdkey: redeem a key; a typo is explained before anything is sent. */
export function CdkeyPage() {
  return (
    <SignInGate>
      <Redeem />
    </SignInGate>
  );
}

function Redeem() {
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const parsed = parseCdkey(text);
  const redeem = useMutation({
    mutationFn: (key: string) => client.commerce.redeem.mutate({ key }),
    onSuccess: () => queryClient.invalidateQueries(),
    onError: (caught) => setError(formErrorOf(caught).message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setError(null);
    if (parsed.ok) redeem.mutate(parsed.key);
  };
  const problem = touched && !parsed.ok ? CDKEY_PROBLEM_MESSAGES[parsed.problem] : null;
  if (redeem.data) {
    return (
      <section className="commerce-card commerce-done" role="status">
        <h1 className="commerce-title">
          {format(t.done, { plan: redeem.data.plan.name, until: when(redeem.data.plan.until) })}
        </h1>
        <Link className="btn btn--primary" to="/home">
          {t.toHome}
        </Link>
      </section>
    );
  }
  return (
    <form className="commerce-form" onSubmit={submit} noValidate>
      <header>
        <h1 className="commerce-title">{t.title}</h1>
        <p className="commerce-lead">{t.lead}</p>
      </header>
      <label className="commerce-field">
        <span className="commerce-field__label">{t.label}</span>
        <input
          className="input commerce-keyinput"
          name="cdkey"
          autoComplete="off"
          spellCheck={false}
          placeholder={t.placeholder}
          value={text}
          aria-invalid={Boolean(problem || error)}
          onBlur={() => text && setTouched(true)}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
        />
        <span className="commerce-field__hint">{parsed.ok ? `${t.valid}：${parsed.key}` : t.hint}</span>
        {problem ? <span className="commerce-field__error">{problem}</span> : null}
      </label>
      {error ? (
        <p className="commerce-error" role="alert">
          {error}
        </p>
      ) : null}
      <button className="btn btn--primary btn--lg" type="submit" disabled={redeem.isPending}>
        {redeem.isPending ? t.submitting : t.submit}
      </button>
    </form>
  );
}
