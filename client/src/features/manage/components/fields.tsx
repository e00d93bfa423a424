import { useId, type ReactNode } from 'react';

/** What the control of a {@link Field} spreads onto itself: its id, and its error when it has one. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A labelled form field with an optional hint and its own error (Chinese, beside it). The
 * control gets its id and error wiring through `control`: `{(id, control) => <input {...control} />}`.
 */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string | undefined;
  children: (id: string, control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const control: FieldControlProps = error
    ? { id, 'aria-invalid': true, 'aria-describedby': errorId }
    : { id };
  return (
    <div className="manage-field" data-invalid={error ? true : undefined}>
      <label className="manage-field__label" htmlFor={id}>
        {label}
      </label>
      {children(id, control)}
      {error ? (
        <span className="manage-field__error" id={errorId} role="alert" data-testid="field-error">
          {error}
        </span>
      ) : null}
      {hint ? <span className="manage-field__hint">{hint}</span> : null}
    </div>
  );
}

/** A card section of a management page. */
export function Section({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="manage-section">
      <header className="manage-section__head">
        <h2>{title}</h2>
        {actions ? <div className="manage-section__actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

/** The save row under a form. */
export function SaveBar({
  saving,
  disabled,
  label,
  savingLabel,
  extra,
}: {
  saving: boolean;
  disabled?: boolean;
  label: string;
  savingLabel: string;
  extra?: ReactNode;
}) {
  return (
    <div className="manage-savebar">
      {extra}
      <button type="submit" className="btn btn--primary" disabled={saving || disabled}>
        {saving ? savingLabel : label}
      </button>
    </div>
  );
}
