import type { AiMode, AiSource, AskEvent } from '@bianshi/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { format } from '../../../i18n';
import { ai as aiText } from '../../../i18n/zh-CN/ai';
import { SupportAlternatives, supportHref, useSupport } from '../../../components/support';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { local } from '../../../lib/browser/storage';
import { useTRPC, useTRPCClient } from '../../../lib/api/trpc';
import { useAiStatus, useAiStream } from '../../../lib/api/ai-stream';
import { CitedText, Highlight } from './highlight';
import { ModeNote } from './mode-note';

const t = aiText.contact;
const STORAGE_KEY = 'bianshi:ai-contact';
const KEPT_TURNS = 30;

/** One question and what the assistant made of it. */
interface Turn {
  id: string;
  question: string;
  sources: AiSource[];
  covered: boolean;
  mode: AiMode;
  answer: string;
  state: 'asking' | 'done' | 'stopped' | 'error';
  error?: string;
  rating?: 'up' | 'down';
}

function loadTurns(): Turn[] {
  try {
    const stored = JSON.parse(local.get(STORAGE_KEY) ?? '[]') as Turn[];
    // A turn that was streaming when the page closed is kept as stopped.
    return Array.isArray(stored)
      ? stored.map((turn) => (turn.state === 'asking' ? { ...turn, state: 'stopped' } : turn))
      : [];
  } catch {
    return [];
  }
}

/** After a question: the configured support contact, or (without one) what else to try. */
function ContactOffer() {
  const { contact, known } = useSupport();
  if (!known) return null;
  return (
    <aside className="ai-contact-offer" data-testid="ai-support">
      {contact ? (
        <>
          <span>{t.contactLead}</span>
          <a
            className="btn btn--secondary btn--sm"
            href={supportHref(contact)}
            {...(contact.url ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {t.contactLink}
          </a>
          {contact.url && contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : null}
        </>
      ) : (
        <SupportAlternatives lead={t.contactMissing} />
      )}
    </aside>
  );
}

function Sources({ turn }: { turn: Turn }) {
  if (turn.sources.length === 0) return null;
  const withPassages = turn.mode === 'deterministic' || !turn.covered;
  return (
    <section className="ai-sources" aria-label={withPassages ? t.bestSections : t.sources}>
      <h3 className="ai-sources__title">{withPassages ? t.bestSections : t.sources}</h3>
      <ol className="ai-sources__list">
        {turn.sources.map((source, index) => (
          <li key={source.href} className="ai-source">
            <Link to={source.href} className="ai-source__link" data-testid="ai-citation">
              <span className="ai-source__no">[{index + 1}]</span>{' '}
              {[source.pageTitle, ...source.trail, source.heading]
                .filter((part, i, all) => part && all.indexOf(part) === i)
                .join(' › ')}
            </Link>
            {withPassages ? (
              <p className="ai-source__passage">
                <Highlight text={source.passage} terms={source.terms} />
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Feedback({ turn, onRate }: { turn: Turn; onRate: (rating: 'up' | 'down') => void }) {
  const trpc = useTRPC();
  const send = useMutation(trpc.ai.feedback.mutationOptions());
  if (turn.state !== 'done') return null;
  if (turn.rating) return <p className="ai-feedback__thanks">{t.thanks}</p>;
  const rate = (rating: 'up' | 'down') => {
    onRate(rating);
    send.mutate({
      rating,
      question: turn.question,
      answer: turn.answer.slice(0, 8_000),
      mode: turn.mode,
      sources: turn.sources.map((source) => source.href),
    });
  };
  return (
    <div className="ai-feedback" role="group" aria-label={t.helpful}>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        onClick={() => rate('up')}
        aria-label={t.helpful}
      >
        {t.helpful}
      </button>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        onClick={() => rate('down')}
        aria-label={t.unhelpful}
      >
        {t.unhelpful}
      </button>
    </div>
  );
}

function Answer({ turn, onRate }: { turn: Turn; onRate: (rating: 'up' | 'down') => void }) {
  return (
    <div className="ai-turn__answer" data-testid="ai-answer" data-state={turn.state}>
      <span className="ai-turn__who">{t.assistant}</span>
      {turn.state === 'asking' && turn.sources.length === 0 && !turn.answer ? (
        <p className="ai-muted">{t.thinking}</p>
      ) : null}
      {turn.answer ? (
        <p className="ai-turn__text">
          <CitedText text={turn.answer} sources={turn.sources} />
        </p>
      ) : null}
      {(turn.state === 'done' || turn.state === 'stopped') && !turn.covered ? (
        <p className="ai-turn__text">
          {t.notCovered}
          {t.notCoveredHint}
        </p>
      ) : null}
      {turn.state === 'stopped' ? <p className="ai-muted">{aiText.stopped}</p> : null}
      {turn.error ? (
        <p className="ai-error" role="alert">
          {turn.error}
        </p>
      ) : null}
      <Sources turn={turn} />
      <Feedback turn={turn} onRate={onRate} />
    </div>
  );
}

/** `/ai/contact`: the assistant that answers from the docs, with links to the sections it used. */
export function AiContactPage() {
  const client = useTRPCClient();
  const status = useAiStatus().data;
  const stream = useAiStream<AskEvent>();
  const [turns, setTurns] = useState<Turn[]>(loadTurns);
  const confirm = useConfirm();
  const [question, setQuestion] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const inputId = useId();
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    local.set(STORAGE_KEY, JSON.stringify(turns.slice(-KEPT_TURNS)));
  }, [turns]);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [turns.length]);

  const update = (id: string, change: (turn: Turn) => Turn) =>
    setTurns((all) => all.map((turn) => (turn.id === id ? change(turn) : turn)));

  const ask = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed) return setFormError(t.empty);
    const max = status?.maxInputChars ?? 4_000;
    if (trimmed.length > max) return setFormError(format(t.tooLong, { n: max }));
    setFormError(null);
    const id = `${Date.now()}-${turns.length}`;
    const history = turns
      .filter((turn) => turn.state === 'done' && turn.answer)
      .slice(-3)
      .flatMap((turn) => [
        { role: 'user' as const, content: turn.question },
        { role: 'assistant' as const, content: turn.answer },
      ]);
    setTurns((all) => [
      ...all,
      {
        id,
        question: trimmed,
        sources: [],
        covered: true,
        mode: status?.mode ?? 'deterministic',
        answer: '',
        state: 'asking',
      },
    ]);
    setQuestion('');
    stream.start((handlers) => client.ai.ask.subscribe({ question: trimmed, history }, handlers), {
      data: (event) => {
        if (event.type === 'sources')
          update(id, (turn) => ({
            ...turn,
            sources: event.sources,
            covered: event.covered,
            mode: event.mode,
          }));
        else if (event.type === 'delta')
          update(id, (turn) => ({ ...turn, answer: turn.answer + event.text }));
        else update(id, (turn) => ({ ...turn, state: 'done', mode: event.mode, covered: event.covered }));
      },
      error: (message) => update(id, (turn) => ({ ...turn, state: 'error', error: message })),
    });
  };

  const stop = () => {
    stream.stop();
    setTurns((all) => all.map((turn) => (turn.state === 'asking' ? { ...turn, state: 'stopped' } : turn)));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask(question);
  };

  return (
    <div className="ai-page ai-contact">
      {confirm.dialog}
      <header className="ai-page__head">
        <h1>{t.title}</h1>
        <p>{t.lead}</p>
        <ModeNote />
      </header>
      <section className="ai-thread" aria-live="polite" aria-label={t.title}>
        {turns.length === 0 ? (
          <div className="ai-examples">
            <h2 className="ai-examples__title">{t.examplesTitle}</h2>
            <div className="ai-examples__list">
              {t.examples.map((example) => (
                <button key={example} type="button" className="create-chip" onClick={() => ask(example)}>
                  {example}
                </button>
              ))}
            </div>
          </div>
        ) : null}
        {turns.map((turn) => (
          <article key={turn.id} className="ai-turn" data-testid="ai-turn">
            <div className="ai-turn__question">
              <span className="ai-turn__who">{t.you}</span>
              <p>{turn.question}</p>
            </div>
            <Answer turn={turn} onRate={(rating) => update(turn.id, (current) => ({ ...current, rating }))} />
          </article>
        ))}
        <div ref={endRef} />
      </section>
      <form className="ai-ask" onSubmit={submit}>
        <label htmlFor={inputId} className="sr-only">
          {t.label}
        </label>
        <textarea
          id={inputId}
          className="input ai-ask__input"
          rows={2}
          value={question}
          placeholder={t.placeholder}
          aria-invalid={formError ? true : undefined}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              ask(question);
            }
          }}
        />
        <div className="ai-ask__actions">
          {stream.running ? (
            <button type="button" className="btn btn--secondary" onClick={stop}>
              {aiText.stop}
            </button>
          ) : (
            <button type="submit" className="btn btn--primary">
              {t.ask}
            </button>
          )}
          {turns.length > 0 && !stream.running ? (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() =>
                void confirm
                  .ask({ title: t.clearConfirm, confirmLabel: t.clear, tone: 'danger' })
                  .then((yes) => yes && setTurns([]))
              }
            >
              {t.clear}
            </button>
          ) : null}
        </div>
        {formError ? (
          <p className="ai-error" role="alert">
            {formError}
          </p>
        ) : null}
        <p className="ai-muted ai-ask__kept">{t.kept}</p>
      </form>
      {turns.length > 0 ? <ContactOffer /> : null}
    </div>
  );
}
