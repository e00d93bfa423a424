import { useEffect, useState } from 'react';
import type { IndexFields } from '@bianshi/shared/content/index';
const STAGE_MS = 180_000;

function mmss(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * An illustration of the projector display, labelled as one (its caption says 示意图): a
 * self-running clock, not a real timer, and no claim about devices online.
 */
export function TimerPreview({ illustration: t }: { illustration: IndexFields['hero']['illustration'] }) {
  const [elapsedMs, setElapsedMs] = useState(19_000);
  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const id = window.setInterval(() => setElapsedMs((e) => (e + 1000) % STAGE_MS), 1000);
    return () => window.clearInterval(id);
  }, []);
  const remaining = STAGE_MS - elapsedMs;
  const progress = elapsedMs / STAGE_MS;
  return (
    <figure className="preview" data-testid="landing-illustration">
      <div className="preview__bar">
        <span className="preview__dots">
          <i />
          <i />
          <i />
        </span>
        <span className="preview__live preview__live--example">{t.caption}</span>
      </div>
      <div className="preview__screen" aria-hidden="true">
        <div className="preview__stage">
          <span className="chip chip--pro">{t.side}</span>
          {t.stage}
        </div>
        <div className="preview__clock" data-warning={remaining <= 30_000}>
          {mmss(remaining)}
        </div>
        <div className="preview__progress">
          <span style={{ transform: `scaleX(${1 - progress})` }} />
        </div>
        <div className="preview__next">{t.next}</div>
      </div>
      <div className="preview__dual" aria-hidden="true">
        <div className="preview__side preview__side--pro">
          <span>{t.pro}</span>
          <strong>01:52</strong>
        </div>
        <div className="preview__dual-label">{t.free}</div>
        <div className="preview__side preview__side--con">
          <span>{t.con}</span>
          <strong>02:10</strong>
        </div>
      </div>
      <figcaption className="sr-only">{t.caption}</figcaption>
    </figure>
  );
}
