import {
  OVERLAY_CORNERS,
  OVERLAY_LAYOUTS,
  overlayPath,
  type OverlayCorner,
  type OverlayLayout,
} from '@bianshi/shared';
import { useState } from 'react';
import { CopyButton } from '../../../components/ui/copy-button';
import { integrations as integrationsText } from '../../../i18n/zh-CN/integrations';
import { Section } from './fields';

const t = integrationsText.overlay;

/**
 * The livestream overlay's address, chosen here: layout, corner, size and panel, previewed live
 * in a 16:9 frame over a dark sample (the overlay itself is transparent), and copied for OBS.
 */
export function OverlayBuilder({
  origin,
  timerId,
  viewKey,
}: {
  origin: string;
  timerId: string;
  viewKey: string | null;
}) {
  const [layout, setLayout] = useState<OverlayLayout>('corner');
  const [corner, setCorner] = useState<OverlayCorner>('tr');
  const [scale, setScale] = useState(1);
  const [panel, setPanel] = useState(0.72);
  const url =
    origin +
    overlayPath('timer', timerId, { layout, corner, scale, panel, ...(viewKey ? { key: viewKey } : {}) });
  return (
    <Section title={t.title}>
      <p className="manage-muted">{t.lead}</p>
      <div className="overlay-builder__controls">
        <label className="manage-field">
          <span>{t.layout}</span>
          <select
            className="input"
            value={layout}
            onChange={(e) => setLayout(e.target.value as OverlayLayout)}
            data-testid="overlay-layout"
          >
            {OVERLAY_LAYOUTS.map((value) => (
              <option key={value} value={value}>
                {t.layouts[value]}
              </option>
            ))}
          </select>
        </label>
        {layout === 'corner' ? (
          <label className="manage-field">
            <span>{t.corner}</span>
            <select
              className="input"
              value={corner}
              onChange={(e) => setCorner(e.target.value as OverlayCorner)}
            >
              {OVERLAY_CORNERS.map((value) => (
                <option key={value} value={value}>
                  {t.corners[value]}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="manage-field">
          <span>
            {t.scale} {Math.round(scale * 100)}%
          </span>
          <input
            type="range"
            min={0.5}
            max={2}
            step={0.1}
            value={scale}
            onChange={(e) => setScale(Number(e.target.value))}
          />
        </label>
        <label className="manage-field">
          <span>
            {t.panel} {Math.round(panel * 100)}%
          </span>
          <input
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={panel}
            onChange={(e) => setPanel(Number(e.target.value))}
          />
        </label>
      </div>
      <div className="manage-row overlay-builder__url">
        <input
          className="input"
          readOnly
          value={url}
          aria-label={t.copy}
          data-testid="overlay-url"
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton value={url} label={t.copy} copiedLabel={t.copied} failedMessage={t.copyFailed} />
      </div>
      {viewKey ? <p className="manage-muted">{t.privateNote}</p> : null}
      <figure className="overlay-builder__preview">
        <iframe title={t.preview} src={url} loading="lazy" data-testid="overlay-preview" />
        <figcaption className="manage-muted">{t.preview}</figcaption>
      </figure>
    </Section>
  );
}
