import { useCallback, useEffect, useRef, useState } from 'react';
import { FallbackConsoleBar } from '../../../components/fallback';
import { TimerDisplay } from '../../../components/timer-display';
import { consolePage as consolePageText } from '../../../i18n/zh-CN/console';
import { useTimerStore, useTimerWatch } from '../../../lib/realtime/timer';
import { useConsoleActions } from '../hooks/use-console-actions';
import { useConsoleKeyboard } from '../hooks/use-console-keyboard';
import { useConsoleUi } from '../stores/console-ui.store';
import { OverlayPanel } from './overlay-panel';
import { PresencePanel } from './presence-panel';
import { ReserveNotice } from './reserve-notice';
import { ResultPanel } from './result-panel';
import { SharePanel } from './share-panel';
import { ShortcutHelp } from './shortcut-help';
import { StageList } from './stage-list';
import { TimeoutPanel } from './timeout-panel';
import { TransportPanel } from './transport-panel';

const t = consolePageText;

function deviceKind(): 'desktop' | 'phone' | 'tablet' {
  const coarse = window.matchMedia?.('(pointer: coarse)').matches ?? false;
  if (!coarse) return 'desktop';
  return Math.min(window.screen.width, window.screen.height) < 600 ? 'phone' : 'tablet';
}

/** The control console of one timer: live preview, big controls, stages, timeouts, overlays, presence. */
export function ConsolePage({
  timerId,
  viewKey = null,
  showShare,
  controlUrl = null,
  onDismissShare,
}: {
  timerId: string;
  /** A private timer's view key: the shared display link carries it. */
  viewKey?: string | null;
  showShare: boolean;
  controlUrl?: string | null;
  onDismissShare: () => void;
}) {
  const [device] = useState(deviceKind);
  const store = useTimerWatch({ timerId, role: 'controller', name: t.title, device });
  const state = useTimerStore(store, (s) => s.state);
  const timerName = useTimerStore(store, (s) => s.timer?.name ?? '');
  const status = useTimerStore(store, (s) => s.status);
  const error = useTimerStore(store, (s) => s.error);
  const { actions, abilities, pending, dialog } = useConsoleActions(timerId, store);
  const setHelpOpen = useConsoleUi((s) => s.setHelpOpen);
  const toggleKey = useConsoleUi((s) => s.toggleKey);
  const previewRef = useRef<HTMLDivElement>(null);
  const setTimeRef = useRef<HTMLInputElement>(null);
  const [fullscreen, setFullscreen] = useState(false);

  // The preview in full screen (F): the Fullscreen API where it works, else the preview filling
  // the window. Esc always closes it, whichever it is.
  const [pseudoFullscreen, setPseudoFullscreen] = useState(false);
  const exitFullscreen = useCallback(() => {
    setPseudoFullscreen(false);
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  }, []);
  const toggleFullscreen = useCallback(() => {
    const element = previewRef.current;
    if (!element) return;
    if (document.fullscreenElement || pseudoFullscreen) return exitFullscreen();
    const request = element.requestFullscreen?.bind(element);
    if (!request) return setPseudoFullscreen(true);
    void request().catch(() => setPseudoFullscreen(true));
  }, [exitFullscreen, pseudoFullscreen]);
  useEffect(() => {
    const onChange = () =>
      setFullscreen(document.fullscreenElement === previewRef.current && previewRef.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const previewFull = fullscreen || pseudoFullscreen;
  useEffect(() => {
    if (!previewFull) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      exitFullscreen();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [previewFull, exitFullscreen]);

  useConsoleKeyboard({
    enabled: state !== null,
    toggleKey,
    actions,
    onSetTime: () => setTimeRef.current?.focus(),
    onFullscreen: toggleFullscreen,
    onHelp: () => setHelpOpen(true),
  });

  const displayUrl = `${window.location.origin}/timer/${timerId}${viewKey ? `#view=${viewKey}` : ''}`;
  return (
    <div className="console" data-testid="console">
      {showShare ? (
        <SharePanel displayUrl={displayUrl} controlUrl={controlUrl} onDismiss={onDismissShare} />
      ) : null}
      <header className="console-head">
        <h1 className="console-head__title">{timerName || t.title}</h1>
        <span className="console-conn" data-status={status}>
          {t.connection[status]}
        </span>
        <FallbackConsoleBar timerId={timerId} store={store} />
        <div className="console-head__actions">
          <a className="btn btn--ghost btn--sm" href={displayUrl} target="_blank" rel="noopener">
            {t.links.display}
          </a>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => setHelpOpen(true)}
            aria-keyshortcuts="?"
          >
            {t.help.open}
          </button>
        </div>
      </header>
      {error && !state ? (
        <p className="console-error" role="alert">
          {error.message}
        </p>
      ) : null}
      {!state ? (
        <div className="splash">
          <div className="spinner" />
          <span>{t.loading}</span>
        </div>
      ) : (
        <div className="console-grid">
          <div className="console-main">
            <div
              className="console-preview"
              ref={previewRef}
              data-fullscreen={previewFull}
              data-pseudo-fullscreen={pseudoFullscreen}
              data-testid="console-preview"
            >
              <TimerDisplay store={store} variant={previewFull ? 'full' : 'compact'} />
              <button
                type="button"
                className="console-preview__fs"
                onClick={toggleFullscreen}
                aria-keyshortcuts={previewFull ? 'Escape' : 'F'}
              >
                {previewFull ? t.preview.exit : t.preview.fullscreen}
              </button>
            </div>
            <TransportPanel
              state={state}
              actions={actions}
              abilities={abilities}
              pending={pending}
              toggleKey={toggleKey}
              setTimeRef={setTimeRef}
            />
            <ReserveNotice state={state} now={store.getState().clock.now()} />
            {abilities.finished || state.overlay.result ? (
              <ResultPanel timerId={timerId} state={state} store={store} />
            ) : null}
          </div>
          <aside className="console-aside">
            <StageList state={state} actions={actions} />
            <TimeoutPanel state={state} actions={actions} />
            <OverlayPanel state={state} actions={actions} />
            <PresencePanel store={store} timerId={timerId} />
          </aside>
        </div>
      )}
      <ShortcutHelp />
      {dialog}
    </div>
  );
}
