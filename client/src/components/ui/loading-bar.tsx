import { useEffect, useRef, useState } from 'react';
import { createLoadingBar, IDLE, LOADING_BAR } from './loading-bar.controller';

/** A 3 px bar across the top of the viewport while `loading` is true. */
export function LoadingBar({ loading, error = false }: { loading: boolean; error?: boolean }) {
  const [state, setState] = useState(IDLE);
  const bar = useRef<ReturnType<typeof createLoadingBar> | null>(null);

  useEffect(() => {
    const controller = createLoadingBar(setState, {
      setTimeout: (fn, ms) => window.setTimeout(fn, ms),
      clearTimeout: (handle) => window.clearTimeout(handle as number),
      now: () => performance.now(),
    });
    bar.current = controller;
    return () => controller.dispose();
  }, []);

  useEffect(() => {
    if (loading) bar.current?.start();
    else bar.current?.finish(error);
  }, [loading, error]);

  return (
    <div
      className="loading-bar"
      data-status={state.status}
      aria-hidden="true"
      style={{
        height: LOADING_BAR.heightPx,
        opacity: state.visible ? 1 : 0,
        transform: `scaleX(${state.progress / 100})`,
        transitionDuration: state.progress === 0 ? '0ms' : undefined,
      }}
    />
  );
}
