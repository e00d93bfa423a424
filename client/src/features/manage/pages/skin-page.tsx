import { useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { TimerDisplay } from '../../../components/timer-display';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import {
  resolveSkin,
  SKIN_COLOR_KEYS,
  SKIN_PRESET_IDS,
  SKIN_PRESET_LABELS,
  SKIN_PRESETS,
  type SkinColors,
  type SkinPresetId,
} from '../../../lib/display-settings';
import { useUpdateSettings } from '../api/update-settings';
import { Field, SaveBar, Section } from '../components/fields';
import { ManageFrame, type ManageContext } from '../components/manage-frame';
import { previewStore } from '../preview-store';
import { saveToast } from '../hooks/use-save-toast';
import { useFieldIssues } from '../hooks/use-field-issues';
import { useUpload } from '../hooks/use-upload';

const t = manageText;
const ts = t.skin;

interface SkinDraft {
  preset: SkinPresetId;
  colors: Partial<SkinColors>;
  fontScale: number;
  backgroundImageUrl?: string;
}

function initialDraft(value: unknown): SkinDraft {
  const skin = resolveSkin(value);
  const raw = (typeof value === 'object' && value !== null ? value : {}) as {
    colors?: Partial<SkinColors>;
    backgroundImageUrl?: string;
  };
  const colors: Partial<SkinColors> = {};
  for (const key of SKIN_COLOR_KEYS)
    if (typeof raw.colors?.[key] === 'string' && raw.colors[key] !== SKIN_PRESETS[skin.preset].colors[key])
      colors[key] = skin.colors[key];
  return {
    preset: skin.preset,
    colors,
    fontScale: skin.fontScale,
    ...(skin.backgroundImageUrl ? { backgroundImageUrl: skin.backgroundImageUrl } : {}),
  };
}

/** A colour input accepts #rrggbb only; other CSS colours show as their preset value. */
function hex(value: string): string {
  return /^#[0-9a-f]{6}$/i.test(value) ? value : '#000000';
}

function SkinEditor({ timer, canEdit }: ManageContext) {
  const [draft, setDraft] = useState<SkinDraft>(() => initialDraft(timer.settings.skin));
  const [tenths, setTenths] = useState(
    () => ((timer.settings.display as { tenths?: unknown } | undefined)?.tenths ?? true) !== false,
  );
  const [flashAtZero, setFlashAtZero] = useState(
    () => (timer.settings.display as { flashAtZero?: unknown } | undefined)?.flashAtZero === true,
  );
  const save = useUpdateSettings();
  const issues = useFieldIssues();
  const background = useUpload(timer.id, 'background');
  const store = useMemo(
    () =>
      previewStore(timer.format, {
        id: timer.id,
        shortid: timer.shortid,
        name: timer.name,
        description: timer.description,
        settings: timer.settings,
      }),
    [timer],
  );
  const skin = resolveSkin(draft);

  const setColor = (key: keyof SkinColors, value: string | null) =>
    setDraft((d) => {
      const colors = { ...d.colors };
      if (value === null) delete colors[key];
      else colors[key] = value;
      return { ...d, colors };
    });
  const chooseBackground = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const result = await background.upload(file);
    if (result) setDraft((d) => ({ ...d, backgroundImageUrl: result.url }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { backgroundImageUrl, ...rest } = draft;
    save.mutate(
      {
        timerId: timer.id,
        section: 'skin',
        value: { ...rest, ...(backgroundImageUrl ? { backgroundImageUrl } : {}) },
      },
      {
        onSuccess: () =>
          save.mutate(
            { timerId: timer.id, section: 'display', value: { tenths, flashAtZero } },
            { onSuccess: () => saveToast.ok(), onError: issues.refused },
          ),
        onError: issues.refused,
      },
    );
  };

  return (
    <form className="manage-split" onSubmit={submit}>
      <div className="manage-stack">
        <Section title={ts.presets}>
          <div className="manage-presets" role="radiogroup" aria-label={ts.presets}>
            {SKIN_PRESET_IDS.map((id) => (
              <label key={id} className="manage-preset" data-selected={draft.preset === id}>
                <input
                  type="radio"
                  name="preset"
                  checked={draft.preset === id}
                  disabled={!canEdit}
                  onChange={() => setDraft((d) => ({ ...d, preset: id, colors: {} }))}
                />
                <span
                  className="manage-preset__swatch"
                  style={{
                    background: SKIN_PRESETS[id].colors.background,
                    color: SKIN_PRESETS[id].colors.text,
                  }}
                >
                  03:30
                </span>
                <span>{SKIN_PRESET_LABELS[id]}</span>
              </label>
            ))}
          </div>
        </Section>
        <Section title={ts.colors}>
          <div className="manage-colors">
            {SKIN_COLOR_KEYS.map((key) => (
              <div key={key} className="manage-color">
                <input
                  type="color"
                  aria-label={ts.colorNames[key]}
                  value={hex(skin.colors[key])}
                  disabled={!canEdit}
                  onChange={(e) => setColor(key, e.target.value)}
                />
                <span className="manage-color__name">{ts.colorNames[key]}</span>
                {issues.of(`colors.${key}`) ? (
                  <span className="manage-field__error" role="alert" data-testid="field-error">
                    {issues.of(`colors.${key}`)}
                  </span>
                ) : null}
                {draft.colors[key] ? (
                  <button type="button" className="manage-link-btn" onClick={() => setColor(key, null)}>
                    {ts.resetColor}
                  </button>
                ) : null}
              </div>
            ))}
          </div>
        </Section>
        <Section title={ts.fontScale}>
          <p className="manage-muted">{ts.fontScaleHint}</p>
          <Field label={`${ts.fontScale} ×${draft.fontScale.toFixed(2)}`} error={issues.of('fontScale')}>
            {(_id, control) => (
              <input
                {...control}
                type="range"
                min={0.6}
                max={1.6}
                step={0.05}
                value={draft.fontScale}
                disabled={!canEdit}
                onChange={(e) => setDraft((d) => ({ ...d, fontScale: Number(e.target.value) }))}
              />
            )}
          </Field>
          <label className="manage-check">
            <input
              type="checkbox"
              checked={tenths}
              disabled={!canEdit}
              onChange={(e) => setTenths(e.target.checked)}
            />
            <span>{ts.tenths}</span>
          </label>
          <label className="manage-check">
            <input
              type="checkbox"
              checked={flashAtZero}
              disabled={!canEdit}
              onChange={(e) => setFlashAtZero(e.target.checked)}
              data-testid="skin-flash-at-zero"
            />
            <span>{ts.flashAtZero}</span>
          </label>
        </Section>
        <Section title={ts.background}>
          <p className="manage-muted">{ts.backgroundHint}</p>
          {canEdit ? (
            <div className="manage-row">
              <label className="btn btn--ghost manage-file">
                {background.uploading ? t.logo.uploading : ts.chooseBackground}
                <input
                  type="file"
                  accept="image/png,image/jpeg,image/webp"
                  onChange={(event) => void chooseBackground(event)}
                />
              </label>
              {draft.backgroundImageUrl ? (
                <button
                  type="button"
                  className="btn btn--ghost"
                  onClick={() => setDraft(({ backgroundImageUrl: _removed, ...rest }) => rest)}
                >
                  {ts.removeBackground}
                </button>
              ) : null}
            </div>
          ) : null}
          {background.error ? <p className="manage-error">{background.error}</p> : null}
          {issues.of('backgroundImageUrl') ? (
            <p className="manage-field__error" role="alert" data-testid="field-error">
              {issues.of('backgroundImageUrl')}
            </p>
          ) : null}
        </Section>
        {canEdit ? <SaveBar saving={save.isPending} label={t.save} savingLabel={t.saving} /> : null}
      </div>
      <div className="manage-preview">
        <h2 className="manage-preview__title">{ts.preview}</h2>
        <TimerDisplay store={store} variant="compact" skin={skin} flashOnBell={false} />
      </div>
    </form>
  );
}

/** `skin`: presets, custom colours, font scale, background image, with a live preview. */
export function SkinPage() {
  return (
    <ManageFrame page="skin" wide>
      {(context) => <SkinEditor key={context.timer.id} {...context} />}
    </ManageFrame>
  );
}
