import { useId, type ReactNode } from 'react';

/** A labelled form field with an optional hint. The input gets the label through `id`. */
export function Field({ label, hint, children }: { label: string; hint?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="manage-field">
      <label className="manage-field__label" htmlFor={id}>
        {label}
      </label>
      {children(id)}
      {hint ? <span className="manage-field__hint">{hint}</span> : null}
    </div>
  );
}

/** A card section of a management page. */
export function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
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
export function SaveBar({ saving, disabled, label, savingLabel, extra }: { saving: boolean; disabled?: boolean; label: string; savingLabel: string; extra?: ReactNode }) {
  return (
    <div className="manage-savebar">
      {extra}
      <button type="submit" className="btn btn--primary" disabled={saving || disabled}>
        {saving ? savingLabel : label}
      </button>
    </div>
  );
}
