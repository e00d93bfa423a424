import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { library as libraryText } from '../../../i18n/zh-CN/library';
import { sourceText, type TopicView } from './topic-card';

const t = libraryText.topics;
/** How long the reel spins before it lands. */
const SPIN_MS = 1_400;
/** How often the reel shows another motion while spinning. */
const STEP_MS = 70;

/** 抽题: spins through the candidates and lands on a random one; "use in a timer" from there. */
export function DrawDialog({
  open,
  candidates,
  onClose,
  onUse,
}: {
  open: boolean;
  candidates: readonly TopicView[];
  onClose: () => void;
  onUse: (topic: TopicView) => void;
}) {
  const [shown, setShown] = useState<TopicView | null>(null);
  const [spinning, setSpinning] = useState(false);
  const timers = useRef<number[]>([]);

  const spin = () => {
    for (const id of timers.current) window.clearTimeout(id);
    timers.current = [];
    if (candidates.length === 0) return setShown(null);
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const final = candidates[Math.floor(Math.random() * candidates.length)] ?? null;
    if (reduced || candidates.length === 1) {
      setShown(final);
      return;
    }
    setSpinning(true);
    for (let at = 0, step = 0; at < SPIN_MS; step += 1, at += STEP_MS + step * 4) {
      timers.current.push(
        window.setTimeout(
          () => setShown(candidates[Math.floor(Math.random() * candidates.length)] ?? null),
          at,
        ),
      );
    }
    timers.current.push(
      window.setTimeout(() => {
        setShown(final);
        setSpinning(false);
      }, SPIN_MS + 200),
    );
  };

  useEffect(() => {
    if (open) spin();
    return () => {
      for (const id of timers.current) window.clearTimeout(id);
    };
  }, [open]);

  return (
    <Dialog
      open={open}
      title={t.drawTitle}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t.close}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={spin}
            disabled={spinning || candidates.length === 0}
          >
            {t.drawAgain}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={spinning || !shown}
            onClick={() => shown && onUse(shown)}
            data-testid="draw-use"
          >
            {t.useInTimer}
          </button>
        </>
      }
    >
      {candidates.length === 0 ? (
        <p className="lib-muted">{t.drawEmpty}</p>
      ) : (
        <div
          className={`lib-draw${spinning ? ' lib-draw--spinning' : ' lib-draw--landed'}`}
          aria-live="polite"
          aria-busy={spinning}
          data-testid="draw-result"
          data-state={spinning ? 'spinning' : 'landed'}
        >
          <p className="lib-draw__text" key={spinning ? shown?.id : `final-${shown?.id}`}>
            {shown?.text ?? t.drawing}
          </p>
          {!spinning && shown && sourceText(shown.source) ? (
            <p className="lib-muted">{sourceText(shown.source)}</p>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
