import {
  BUILTIN_FORMATS,
  DEFAULT_TIE_BREAKS,
  TIE_BREAK_LABELS,
  TIE_BREAKS,
  TOURNAMENT_VISIBILITIES,
  TOURNAMENT_VISIBILITY_LABELS,
  castingVoteDefault,
  tournamentInputSchema,
  type TieBreak,
  type TournamentInput,
  type TournamentView,
} from '@bianshi/shared';
import { useState, type FormEvent } from 'react';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { allocation as allocationText } from '../../../i18n/zh-CN/tournament-allocation';

const t = tournamentText.form;

/** The form's fields as typed. */
interface FormValues {
  name: string;
  slug: string;
  season: string;
  description: string;
  formatId: string;
  visibility: (typeof TOURNAMENT_VISIBILITIES)[number];
  startDate: string;
  endDate: string;
  venues: string;
  judgesPerFixture: string;
  tieBreaks: TieBreak[];
  /** 平票时主席决定票; null until chosen on a new tournament: the format's default. */
  castingVote: boolean | null;
}

/** A slug to start from: `worldcup-` and four random letters or digits. */
function suggestedSlug(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return `worldcup-${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')}`;
}

function valuesOf(view: TournamentView | null): FormValues {
  if (!view) {
    return {
      name: '',
      slug: suggestedSlug(),
      season: String(new Date().getFullYear()),
      description: '',
      formatId: 'cn-worldcup',
      visibility: 'public',
      startDate: '',
      endDate: '',
      venues: '',
      judgesPerFixture: '3',
      tieBreaks: [...DEFAULT_TIE_BREAKS],
      castingVote: null,
    };
  }
  return {
    name: view.name,
    slug: view.slug,
    season: view.season,
    description: view.description,
    formatId: view.format.kind === 'builtin' ? view.format.id : 'cn-worldcup',
    visibility: view.visibility,
    startDate: view.startDate ?? '',
    endDate: view.endDate ?? '',
    venues: view.venues.join('\n'),
    judgesPerFixture: String(view.judgesPerFixture),
    tieBreaks: view.tieBreaks,
    castingVote: view.castingVote,
  };
}

/** Checks the form as the hub will (the shared schema), with every problem in Chinese by field. */
export function checkTournamentForm(
  values: FormValues,
): { ok: true; input: TournamentInput } | { ok: false; errors: Record<string, string> } {
  const parsed = tournamentInputSchema.safeParse({
    name: values.name,
    slug: values.slug,
    season: values.season,
    description: values.description,
    format: { kind: 'builtin', id: values.formatId },
    visibility: values.visibility,
    startDate: values.startDate || null,
    endDate: values.endDate || null,
    venues: values.venues
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    judgesPerFixture: Number(values.judgesPerFixture),
    tieBreaks: values.tieBreaks,
    castingVote: values.castingVote ?? castingVoteDefault({ kind: 'builtin', id: values.formatId }),
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'name');
    errors[field] ??= /[\u3400-\u9fff]/.test(issue.message)
      ? issue.message
      : (t.invalid[field as keyof typeof t.invalid] ?? t.invalid.name);
  }
  return { ok: false, errors };
}

/**
 * Create or edit a tournament: name, short link, season, format, visibility, dates, venues,
 * judges per fixture, the chair's casting vote and the tie-break order. Checked before sending; the hub checks again.
 */
export function TournamentForm({
  view,
  submitLabel,
  pending,
  onSubmit,
}: {
  view: TournamentView | null;
  submitLabel: string;
  pending: boolean;
  onSubmit: (input: TournamentInput) => void;
}) {
  const [values, setValues] = useState<FormValues>(() => valuesOf(view));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setValues((all) => ({ ...all, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkTournamentForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    onSubmit(checked.input);
  };

  const field = (
    key: 'name' | 'slug' | 'season',
    label: string,
    extra: { placeholder?: string; hint?: string } = {},
  ) => (
    <label className="tm-field">
      <span className="tm-field__label">{label}</span>
      <input
        className="input"
        name={key}
        value={values[key]}
        placeholder={extra.placeholder}
        aria-invalid={errors[key] ? 'true' : undefined}
        onChange={(e) => set(key, e.target.value)}
      />
      {extra.hint && !errors[key] && <span className="tm-field__hint">{extra.hint}</span>}
      {errors[key] && <span className="tm-field__error">{errors[key]}</span>}
    </label>
  );

  const moveTieBreak = (index: number, by: -1 | 1) => {
    const next = [...values.tieBreaks];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    set('tieBreaks', next);
  };
  const toggleTieBreak = (tieBreak: TieBreak) =>
    set(
      'tieBreaks',
      values.tieBreaks.includes(tieBreak)
        ? values.tieBreaks.filter((x) => x !== tieBreak)
        : [...values.tieBreaks, tieBreak],
    );

  return (
    <form className="tm-form" onSubmit={submit} noValidate data-testid="tm-form">
      {field('name', t.name, { placeholder: t.namePlaceholder })}
      {field('slug', t.slug, { hint: t.slugHint })}
      {field('season', t.season, { placeholder: t.seasonPlaceholder })}
      <label className="tm-field">
        <span className="tm-field__label">{t.format}</span>
        <select className="input" value={values.formatId} onChange={(e) => set('formatId', e.target.value)}>
          {BUILTIN_FORMATS.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </select>
      </label>
      <label className="tm-field">
        <span className="tm-field__label">{t.visibility}</span>
        <select
          className="input"
          value={values.visibility}
          onChange={(e) => set('visibility', e.target.value as FormValues['visibility'])}
        >
          {TOURNAMENT_VISIBILITIES.map((item) => (
            <option key={item} value={item}>
              {TOURNAMENT_VISIBILITY_LABELS[item]}
            </option>
          ))}
        </select>
      </label>
      <div className="tm-form__row">
        <label className="tm-field">
          <span className="tm-field__label">{t.startsOn}</span>
          <input
            className="input"
            type="date"
            value={values.startDate}
            onChange={(e) => set('startDate', e.target.value)}
          />
        </label>
        <label className="tm-field">
          <span className="tm-field__label">{t.endsOn}</span>
          <input
            className="input"
            type="date"
            value={values.endDate}
            aria-invalid={errors.endDate ? 'true' : undefined}
            onChange={(e) => set('endDate', e.target.value)}
          />
          {errors.endDate && <span className="tm-field__error">{errors.endDate}</span>}
        </label>
      </div>
      <label className="tm-field tm-field--wide">
        <span className="tm-field__label">{t.venues}</span>
        <textarea
          className="input tm-textarea"
          rows={4}
          name="venues"
          value={values.venues}
          placeholder={t.venuesPlaceholder}
          aria-invalid={errors.venues ? 'true' : undefined}
          onChange={(e) => set('venues', e.target.value)}
        />
        {errors.venues ? (
          <span className="tm-field__error">{errors.venues}</span>
        ) : (
          <span className="tm-field__hint">{t.venuesHint}</span>
        )}
      </label>
      <label className="tm-field">
        <span className="tm-field__label">{t.judgesPerFixture}</span>
        <input
          className="input"
          name="judgesPerFixture"
          type="number"
          min={0}
          max={9}
          value={values.judgesPerFixture}
          aria-invalid={errors.judgesPerFixture ? 'true' : undefined}
          onChange={(e) => set('judgesPerFixture', e.target.value)}
        />
        {errors.judgesPerFixture && <span className="tm-field__error">{errors.judgesPerFixture}</span>}
      </label>
      {/* A BP room's chair submits the panel's one ballot: there is no vote to cast. */}
      {values.formatId !== 'bp' && (
        <label className="tm-field tm-field--wide">
          <span className="tm-check">
            <input
              type="checkbox"
              name="castingVote"
              data-testid="tm-form-casting-vote"
              checked={values.castingVote ?? castingVoteDefault({ kind: 'builtin', id: values.formatId })}
              onChange={(e) => set('castingVote', e.target.checked)}
            />
            {allocationText.castingVoteSetting}
          </span>
          <span className="tm-field__hint">{allocationText.castingVoteSettingHint}</span>
        </label>
      )}
      <fieldset className="tm-field tm-field--wide tm-tiebreaks">
        <legend className="tm-field__label">{t.tieBreakOrder}</legend>
        <ol className="tm-tiebreaks__list">
          {values.tieBreaks.map((item, index) => (
            <li key={item}>
              <span>{TIE_BREAK_LABELS[item]}</span>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                disabled={index === 0}
                onClick={() => moveTieBreak(index, -1)}
                aria-label={`${TIE_BREAK_LABELS[item]} ${t.up}`}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                disabled={index === values.tieBreaks.length - 1}
                onClick={() => moveTieBreak(index, 1)}
                aria-label={`${TIE_BREAK_LABELS[item]} ${t.down}`}
              >
                ↓
              </button>
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => toggleTieBreak(item)}>
                {t.removeTieBreak}
              </button>
            </li>
          ))}
        </ol>
        {TIE_BREAKS.filter((item) => !values.tieBreaks.includes(item)).map((item) => (
          <button
            key={item}
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => toggleTieBreak(item)}
          >
            + {TIE_BREAK_LABELS[item]}
          </button>
        ))}
        {errors.tieBreaks && <span className="tm-field__error">{errors.tieBreaks}</span>}
      </fieldset>
      <div className="tm-field--wide">
        <button type="submit" className="btn btn--primary" disabled={pending} data-testid="tm-form-submit">
          {pending ? t.saving : submitLabel}
        </button>
      </div>
    </form>
  );
}
