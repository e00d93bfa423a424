import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { format } from '../../../i18n';
import { lobby as lobbyText } from '../../../i18n/zh-CN/lobby';
import { useTRPC } from '../../../lib/api/trpc';
import { lobbyErrorMessage } from '../api/lobby-errors';

const t = lobbyText.create;

/** Timer references typed one per line (links, short links or ids). */
export function parseTimerRefs(text: string): string[] {
  return text
    .split(/[\n,，\s]+/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Creates a lobby; this browser becomes its organizer and goes to its console. */
export function CreateLobbyForm() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const id = useId();
  const [name, setName] = useState('');
  const [organizerName, setOrganizerName] = useState('');
  const [visibility, setVisibility] = useState<'public' | 'private'>('public');
  const [timers, setTimers] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useMutation(trpc.lobby.create.mutationOptions());

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim()) return setError(t.nameRequired);
    setError(null);
    create.mutate(
      {
        name: name.trim(),
        visibility,
        timers: parseTimerRefs(timers),
        ...(organizerName.trim() ? { organizerName: organizerName.trim() } : {}),
      },
      {
        onSuccess: (created) => {
          // Below, not top-right: the lobby's page opens with its room code and QR up there.
          toast.success(format(t.created, { code: created.code }), { position: 'bottom-center' });
          void navigate(`/lobby/${created.id}`, { state: { organizerKey: created.organizerKey } });
        },
        onError: (failure) => setError(lobbyErrorMessage(failure)),
      },
    );
  };

  return (
    <form
      className="lobby-card lobby-create"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid="lobby-create"
    >
      <h2 className="lobby-card__title" id={`${id}-title`}>
        {t.title}
      </h2>
      <p className="lobby-card__lead">{t.lead}</p>
      <label className="lobby-field">
        <span className="lobby-field__label">{t.name}</span>
        <input
          className="input"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={t.namePlaceholder}
          maxLength={60}
          required
          data-testid="lobby-create-name"
        />
      </label>
      <label className="lobby-field">
        <span className="lobby-field__label">{t.organizerName}</span>
        <input
          className="input"
          value={organizerName}
          onChange={(e) => setOrganizerName(e.target.value)}
          placeholder={t.organizerPlaceholder}
          maxLength={40}
        />
      </label>
      <fieldset className="lobby-field lobby-field--radios">
        <legend className="lobby-field__label">{t.visibility}</legend>
        {(['public', 'private'] as const).map((option) => (
          <label key={option} className="lobby-radio">
            <input
              type="radio"
              name={`${id}-visibility`}
              value={option}
              checked={visibility === option}
              onChange={() => setVisibility(option)}
            />
            <span>{t[option]}</span>
          </label>
        ))}
      </fieldset>
      <label className="lobby-field">
        <span className="lobby-field__label">{t.timers}</span>
        <textarea
          className="input lobby-field__area"
          value={timers}
          onChange={(e) => setTimers(e.target.value)}
          rows={3}
          data-testid="lobby-create-timers"
        />
        <span className="lobby-field__hint">{t.timersHint}</span>
      </label>
      {error && (
        <p className="lobby-error" role="alert">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="btn btn--primary"
        disabled={create.isPending}
        data-testid="lobby-create-submit"
      >
        {create.isPending ? t.creating : t.submit}
      </button>
    </form>
  );
}
