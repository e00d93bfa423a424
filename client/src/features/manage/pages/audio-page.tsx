import type { Format } from '@bianshi/shared';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { format } from '../../../i18n';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { useUpdateSettings } from '../api/update-settings';
import { Field, SaveBar, Section } from '../components/fields';
import { ManageFrame, type ManageContext } from '../components/manage-frame';
import { saveToast } from '../hooks/use-save-toast';
import { useUpload } from '../hooks/use-upload';

const t = manageText;
const ta = t.audio;

/** The bell sounds the project ships (client/public/sounds). */
const BUILT_IN_SOUNDS = ['bell', 'ding', 'gong'] as const;

interface LibraryEntry {
  label: string;
  url: string;
  durationMs: number;
  bytes: number;
}

/** Every sound name a format rings, plus the built-in ones. */
export function soundNames(value: Format): string[] {
  const names = new Set<string>(BUILT_IN_SOUNDS);
  for (const stage of value.stages) {
    if (stage.kind === 'none') continue;
    for (const bell of stage.bells) names.add(bell.sound);
    if ('overtimeBells' in stage && stage.overtimeBells) names.add(stage.overtimeBells.sound);
    if ('turnCap' in stage && stage.turnCap?.bell) names.add(stage.turnCap.bell.sound);
  }
  return [...names];
}

function play(url: string, volume: number) {
  const audio = new Audio(url);
  audio.volume = volume;
  audio.play().catch(() => toast.error(ta.playFailed));
}

function AudioEditor({ timer, canEdit }: ManageContext) {
  const stored = (timer.settings.audio ?? {}) as {
    volume?: number;
    sounds?: Record<string, string>;
    library?: LibraryEntry[];
  };
  const [volume, setVolume] = useState(stored.volume ?? 1);
  const [sounds, setSounds] = useState<Record<string, string>>(stored.sounds ?? {});
  const [library, setLibrary] = useState<LibraryEntry[]>(stored.library ?? []);
  const { upload, uploading, error } = useUpload(timer.id, 'sound');
  const save = useUpdateSettings();
  const names = soundNames(timer.format);

  const persist = (
    next: { volume: number; sounds: Record<string, string>; library: LibraryEntry[] },
    message?: string,
  ) =>
    save.mutate(
      { timerId: timer.id, section: 'audio', value: next },
      { onSuccess: () => saveToast.ok(message), onError: saveToast.failed },
    );

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const result = await upload(file);
    if (!result) return;
    const label = file.name.replace(/\.[^.]+$/, '').slice(0, 40) || ta.library;
    const next = [
      ...library,
      { label, url: result.url, durationMs: result.durationMs ?? 0, bytes: result.bytes },
    ];
    setLibrary(next);
    persist({ volume, sounds, library: next }, format(ta.uploaded, { name: label }));
  };
  const removeEntry = (url: string) => {
    const next = library.filter((entry) => entry.url !== url);
    const nextSounds = Object.fromEntries(Object.entries(sounds).filter(([, value]) => value !== url));
    setLibrary(next);
    setSounds(nextSounds);
    persist({ volume, sounds: nextSounds, library: next });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    persist({ volume, sounds, library });
  };

  return (
    <form className="manage-stack" onSubmit={submit}>
      <Section
        title={ta.library}
        actions={
          canEdit ? (
            <label className="btn btn--primary btn--sm manage-file">
              {uploading ? ta.uploading : ta.upload}
              <input
                type="file"
                accept="audio/mpeg,audio/ogg,audio/wav,.mp3,.ogg,.wav"
                disabled={uploading}
                onChange={(event) => void choose(event)}
                data-testid="sound-input"
              />
            </label>
          ) : null
        }
      >
        {error ? (
          <p className="manage-error" role="alert" data-testid="upload-error">
            {error}
          </p>
        ) : null}
        {library.length === 0 ? <p className="manage-muted">{ta.empty}</p> : null}
        <ul className="manage-list" data-testid="sound-library">
          {library.map((entry) => (
            <li key={entry.url} className="manage-list__item">
              <span className="manage-list__main">{entry.label}</span>
              <span className="manage-muted">
                {format(ta.duration, { s: (entry.durationMs / 1000).toFixed(1) })}
              </span>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() => play(entry.url, volume)}
              >
                {ta.test}
              </button>
              {canEdit ? (
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={() => removeEntry(entry.url)}
                >
                  {t.remove}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>
      <Section title={ta.mapping}>
        <p className="manage-muted">{ta.mappingLead}</p>
        <div className="manage-mapping">
          {names.map((name) => (
            <div key={name} className="manage-mapping__row">
              <span className="manage-mapping__name">
                {ta.soundNames[name as keyof typeof ta.soundNames] ?? ta.customSound}
                {name in ta.soundNames ? null : <code>{name}</code>}
              </span>
              <select
                className="input"
                aria-label={name}
                value={sounds[name] ?? ''}
                disabled={!canEdit}
                onChange={(e) =>
                  setSounds((all) => {
                    const next = { ...all };
                    if (e.target.value) next[name] = e.target.value;
                    else delete next[name];
                    return next;
                  })
                }
              >
                <option value="">{ta.builtIn}</option>
                {library.map((entry) => (
                  <option key={entry.url} value={entry.url}>
                    {entry.label}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() =>
                  play(
                    sounds[name] ??
                      `/sounds/${(BUILT_IN_SOUNDS as readonly string[]).includes(name) ? name : 'bell'}.wav`,
                    volume,
                  )
                }
              >
                {ta.test}
              </button>
            </div>
          ))}
        </div>
      </Section>
      <Section title={ta.volume}>
        <Field label={`${ta.volume} ${Math.round(volume * 100)}%`}>
          {(id) => (
            <input
              id={id}
              type="range"
              min={0}
              max={1}
              step={0.05}
              value={volume}
              disabled={!canEdit}
              onChange={(e) => setVolume(Number(e.target.value))}
            />
          )}
        </Field>
      </Section>
      {canEdit ? <SaveBar saving={save.isPending} label={t.save} savingLabel={t.saving} /> : null}
    </form>
  );
}

/** `audio`: upload bell sounds (checked by the hub), map them to bells, test play, volume. */
export function AudioPage() {
  return (
    <ManageFrame page="audio">{(context) => <AudioEditor key={context.timer.id} {...context} />}</ManageFrame>
  );
}
