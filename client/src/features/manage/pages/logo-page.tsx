import type { ChangeEvent } from 'react';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { useUpdateSettings } from '../api/update-settings';
import { Section } from '../components/fields';
import { ManageFrame, type ManageContext } from '../components/manage-frame';
import { saveToast } from '../hooks/use-save-toast';
import { useUpload } from '../hooks/use-upload';

const t = manageText;
const tl = t.logo;

function LogoEditor({ timer, canEdit }: ManageContext) {
  const logoUrl = typeof timer.settings.logoUrl === 'string' ? timer.settings.logoUrl : null;
  const { upload, uploading, error } = useUpload(timer.id, 'logo');
  const save = useUpdateSettings();
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const result = await upload(file);
    if (result)
      save.mutate(
        { timerId: timer.id, section: 'logo', value: { logoUrl: result.url } },
        { onSuccess: () => saveToast.ok(tl.uploaded), onError: saveToast.failed },
      );
  };
  const remove = () =>
    save.mutate(
      { timerId: timer.id, section: 'logo', value: { logoUrl: null } },
      { onSuccess: () => saveToast.ok(tl.removed), onError: saveToast.failed },
    );
  return (
    <div className="manage-stack">
      <Section title={tl.current}>
        <div className="manage-logo">
          <figure className="manage-logo__figure">
            <div className="manage-logo__preview" data-testid="logo-preview">
              {logoUrl ? (
                <img src={logoUrl} alt={tl.current} />
              ) : (
                <span className="manage-muted">{tl.none}</span>
              )}
            </div>
            <figcaption className="manage-logo__caption">{tl.previewLight}</figcaption>
          </figure>
          <figure className="manage-logo__figure">
            <div className="manage-logo__dark" data-testid="logo-preview-dark">
              {logoUrl ? (
                <img src={logoUrl} alt="" />
              ) : (
                <span className="manage-logo__none-dark">{tl.none}</span>
              )}
            </div>
            <figcaption className="manage-logo__caption">{tl.previewDark}</figcaption>
          </figure>
        </div>
        {canEdit ? (
          <div className="manage-row">
            <label className="btn btn--primary manage-file">
              {uploading ? tl.uploading : tl.choose}
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp,image/svg+xml"
                disabled={uploading}
                onChange={(event) => void choose(event)}
                data-testid="logo-input"
              />
            </label>
            {logoUrl ? (
              <button type="button" className="btn btn--ghost" onClick={remove} disabled={save.isPending}>
                {t.remove}
              </button>
            ) : null}
          </div>
        ) : null}
        {error ? (
          <p className="manage-error" role="alert" data-testid="upload-error">
            {error}
          </p>
        ) : null}
      </Section>
    </div>
  );
}

/** `logo`: upload (checked and sanitized by the hub), preview on light and dark, remove. */
export function LogoPage() {
  return (
    <ManageFrame page="logo">{(context) => <LogoEditor key={context.timer.id} {...context} />}</ManageFrame>
  );
}
