import { BUILTIN_FORMATS, type Format } from '@bianshi/shared';
import { lazy, Suspense, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { format } from '../../../i18n';
import { create as createText } from '../../../i18n/zh-CN/create';
import { commandError } from '../../../lib/realtime/timer';
import { useCreateTimer } from '../api/create-timer';
import { StagePreview } from '../components/stage-preview';
import '../create.css';

const t = createText;

/**
 * The rules reader is a chunk of its own: it brings the format schema, the rules parser and the
 * AI stream, which the library (what the page opens on) does not use. Building those schemas
 * took about 40 ms of main thread in a desktop Chromium profile, several times that on a phone;
 * the tab starts the download on hover or focus.
 */
const loadRulesPaste = () => import('../components/rules-paste');
const RulesPaste = lazy(() => loadRulesPaste().then((m) => ({ default: m.RulesPaste })));
type Language = 'all' | 'zh' | 'en';
type Mode = 'library' | 'rules';

function matches(value: Format, query: string, language: Language): boolean {
  if (language !== 'all' && value.tags.language !== language) return false;
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [value.name, value.nameEn ?? '', value.tags.region, ...value.tags.keywords].some((text) =>
    text.toLowerCase().includes(q),
  );
}

/** `/create`: pick a format from the library, optionally name the timer, land on its console. */
export function CreateRoute() {
  const [query, setQuery] = useState('');
  const [language, setLanguage] = useState<Language>('all');
  const [selectedId, setSelectedId] = useState(BUILTIN_FORMATS[0]?.id ?? '');
  const [name, setName] = useState('');
  const [mode, setMode] = useState<Mode>('library');
  const create = useCreateTimer();
  const navigate = useNavigate();
  const visible = useMemo(
    () => BUILTIN_FORMATS.filter((value) => matches(value, query, language)),
    [query, language],
  );
  const selected = BUILTIN_FORMATS.find((value) => value.id === selectedId) ?? BUILTIN_FORMATS[0];

  const createWith = (source: { formatId: string } | { format: Format }, timerName: string) =>
    create.mutate(
      { ...source, ...(timerName ? { name: timerName } : {}) },
      {
        // The control key travels in the fragment: never sent to a server, never logged.
        onSuccess: (created) =>
          void navigate(
            `/timer/manage/${created.shortid}?created=1#key=${encodeURIComponent(created.controlKey)}`,
          ),
        onError: (error) => toast.error(`${t.failed}：${commandError(error).message}`),
      },
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!selected) return;
    createWith({ formatId: selected.id }, name.trim());
  };

  return (
    <div className="create-page">
      <header className="create-page__head">
        <h1>{t.title}</h1>
        <p>{t.lead}</p>
      </header>
      <div className="create-modes" role="tablist" aria-label={t.title}>
        {(['library', 'rules'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            className="create-mode"
            aria-selected={mode === value}
            onClick={() => setMode(value)}
            {...(value === 'rules'
              ? { onPointerEnter: () => void loadRulesPaste(), onFocus: () => void loadRulesPaste() }
              : {})}
          >
            {t.modes[value]}
          </button>
        ))}
      </div>
      {mode === 'rules' ? (
        <Suspense
          fallback={
            <p className="create-rules-loading" role="status">
              <span className="spinner" aria-hidden="true" />
              {t.rulesLoading}
            </p>
          }
        >
          <RulesPaste
            pending={create.isPending}
            onCreate={(value, timerName) => createWith({ format: value }, timerName)}
          />
        </Suspense>
      ) : (
        <form className="create-layout" onSubmit={submit}>
          <section className="create-library" aria-labelledby="create-library-title">
            <h2 id="create-library-title" className="create-library__title">
              {t.formats}
            </h2>
            <div className="create-filters">
              <label className="create-field">
                <span className="sr-only">{t.search}</span>
                <input
                  className="input"
                  type="search"
                  value={query}
                  placeholder={t.searchPlaceholder}
                  aria-label={t.search}
                  onChange={(event) => setQuery(event.target.value)}
                />
              </label>
              <div className="create-lang" role="group" aria-label={t.formats}>
                {(['all', 'zh', 'en'] as const).map((value) => (
                  <button
                    key={value}
                    type="button"
                    className="create-chip"
                    aria-pressed={language === value}
                    onClick={() => setLanguage(value)}
                  >
                    {t.language[value]}
                  </button>
                ))}
              </div>
            </div>
            <div className="create-formats" role="radiogroup" aria-label={t.formats}>
              {visible.length === 0 ? <p className="create-empty">{t.noMatch}</p> : null}
              {visible.map((value) => (
                <label key={value.id} className="create-format" data-selected={value.id === selected?.id}>
                  <input
                    type="radio"
                    name="format"
                    value={value.id}
                    checked={value.id === selected?.id}
                    onChange={() => setSelectedId(value.id)}
                  />
                  <span className="create-format__name">{value.name}</span>
                  <span className="create-format__meta">
                    {[value.tags.region, format(t.stageCount, { n: value.stages.length })]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </label>
              ))}
            </div>
          </section>
          <div className="create-side">
            {selected ? <StagePreview value={selected} /> : null}
            <div className="create-submit">
              <label className="create-field">
                <span className="create-field__label">{t.name}</span>
                <input
                  className="input"
                  value={name}
                  maxLength={80}
                  placeholder={t.namePlaceholder}
                  onChange={(event) => setName(event.target.value)}
                />
              </label>
              <button
                type="submit"
                className="btn btn--primary btn--lg create-submit__button"
                disabled={create.isPending || !selected}
              >
                {create.isPending ? t.creating : t.submit}
              </button>
              <p className="create-note">{t.note}</p>
            </div>
          </div>
        </form>
      )}
    </div>
  );
}
