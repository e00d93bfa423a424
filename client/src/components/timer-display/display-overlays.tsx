import type { Overlay } from '@bianshi/shared';
import { Suspense } from 'react';
import { display as displayText } from '../../i18n/zh-CN/display';
import { optionalLazy } from '../../lib/loading/optional-lazy';

/**
 * A finished match's result: shown once a match, so its code and styles load when it is shown,
 * not with the display. Not drawn on the hub (its renderer does not wait for chunks): the page's
 * own script draws it a moment later.
 */
const ResultLayer = optionalLazy(() => import('./result-layer').then((module) => module.ResultLayer));

/** What a flash is for: a bell, the controller's flash, or a clock reaching zero (three pulses). */
export type FlashKind = 'bell' | 'overlay' | 'zero';

/** A one-shot flash: remounted by `seq`, animates once (a zero flash pulses three times). */
export function FlashLayer({ seq, colour, kind }: { seq: number; colour: string; kind: FlashKind }) {
  if (seq === 0) return null;
  return (
    <div
      key={seq}
      className={`td-flash td-flash--${kind}`}
      style={{ '--td-flash': colour } as React.CSSProperties}
      data-testid="display-flash"
      data-kind={kind}
      aria-hidden="true"
    />
  );
}

/** The controller's message, a finished match's result and blackout. */
export function OverlayLayers({ overlay }: { overlay: Overlay }) {
  return (
    <>
      {overlay.message && !overlay.blackout && (
        <div className="td-message" role="status" data-testid="display-message">
          <p className="td-message__text">{overlay.message}</p>
        </div>
      )}
      {overlay.result && !overlay.blackout && typeof window !== 'undefined' && (
        <Suspense fallback={null}>
          <ResultLayer result={overlay.result} />
        </Suspense>
      )}
      {overlay.blackout && (
        <div className="td-blackout" data-testid="display-blackout" aria-label={displayText.blackout} />
      )}
    </>
  );
}
