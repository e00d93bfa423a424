import type { Overlay } from '@bianshi/shared';
import { display as displayText } from '../../i18n/zh-CN/display';

/** What a flash is for: a bell, the controller's flash, or a clock reaching zero (three pulses). */
export type FlashKind = 'bell' | 'overlay' | 'zero';

/** A one-shot flash: remounted by `seq`, animates once (a zero flash pulses three times). */
export function FlashLayer({ seq, colour, kind }: { seq: number; colour: string; kind: FlashKind }) {
  if (seq === 0) return null;
  return <div key={seq} className={`td-flash td-flash--${kind}`} style={{ '--td-flash': colour } as React.CSSProperties} data-testid="display-flash" data-kind={kind} aria-hidden="true" />;
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
