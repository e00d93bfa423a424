import type { RefObject } from 'react';
import { useFullscreen } from '../../lib/browser/use-fullscreen';

/** A button that puts `target` (not the site around it) in full screen and back; none where the browser cannot. */
export function FullscreenButton({
  target,
  className,
  labels,
}: {
  target: RefObject<HTMLElement | null>;
  className: string;
  labels: { enter: string; exit: string };
}) {
  const { supported, active, toggle } = useFullscreen(target);
  if (!supported) return null;
  return (
    <button type="button" className={className} onClick={toggle}>
      {active ? labels.exit : labels.enter}
    </button>
  );
}
