import type { Overlay } from '@bianshi/shared';
import { display as displayText } from '../../i18n/zh-CN/display';

/** A one-shot flash (bells and the controller's flash): remounted by `seq`, animates once. */
export function FlashLayer({ seq, colour }: { seq: number; colour: string }) {
  if (seq === 0) return null;
  return <div key={seq} className="td-flash" style={{ '--td-flash': colour } as React.CSSProperties} data-testid="display-flash" aria-hidden="true" />;
}

/** The controller's message and blackout. */
export function OverlayLayers({ overlay }: { overlay: Overlay }) {
  return (
    <>
      {overlay.message && !overlay.blackout && (
        <div className="td-message" role="status" data-testid="display-message">
          <p className="td-message__text">{overlay.message}</p>
        </div>
      )}
      {overlay.blackout && <div className="td-blackout" data-testid="display-blackout" aria-label={displayText.blackout} />}
    </>
  );
}
