import { currentStage, type MatchState } from '@bianshi/shared';
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { format } from '../../i18n/format';
import { display as displayText } from '../../i18n/zh-CN/display';
import { skinCssVars, type DisplaySettings, type Skin } from '../../lib/display-settings';
import {
  useBellCues,
  useClockModel,
  useDisplaySettings,
  useTimerStore,
  type TimerStore,
} from '../../lib/realtime/timer';
import {
  useFrameClock,
  useFrameKey,
  formatSeconds,
  type ClockModel,
  type ClockReading,
} from '../../lib/clock';
import { ClockFace } from './clock-face';
import { FlashLayer, OverlayLayers, type FlashKind } from './display-overlays';
import {
  headingEms,
  isCoverStage,
  poolNote,
  sideLabel,
  speakerLine,
  speakingSide,
  stageCounter,
  teamName,
} from './stage-info';
import './timer-display.css';

const t = displayText;

/** Props of {@link TimerDisplay}. */
export interface TimerDisplayProps {
  /** The timer to show: from `useTimerWatch(...)` or `createLocalTimerStore(...)`. */
  store: TimerStore;
  /**
   * `full`: the projector screen (fills its box: give it a size, e.g. 100dvh).
   * `compact`: console preview / lobby grid tile — stage name and clocks only; 16:9 by default.
   */
  variant?: 'full' | 'compact';
  /** Overrides the timer's skin (skin page live preview). */
  skin?: Skin;
  /** Flash on every bell (default true). */
  flashOnBell?: boolean;
  /** Drawn above the display, under overlays (the display screen's controls and badges). */
  children?: ReactNode;
  className?: string;
}

/** A flash by the controller is shown only when it is this fresh on arrival. */
const FLASH_FRESH_MS = 3_000;

/**
 * The timer display: stage, speaking side and speaker, team names, topic, logo, skin, one big
 * clock (or two for dual stages, the running one highlighted), colour phases, progress bar,
 * tenths in the last 10 s, bell flashes and the controller's overlays. Clocks are
 * `role="timer"` elements whose text is the shown time. `data-bell-count` counts bell flashes.
 */
export function TimerDisplay({
  store,
  variant = 'full',
  skin: skinOverride,
  flashOnBell = true,
  children,
  className,
}: TimerDisplayProps) {
  const state = useTimerStore(store, (s) => s.state);
  const timerName = useTimerStore(store, (s) => s.timer?.name ?? '');
  const clock = useTimerStore(store, (s) => s.clock);
  const settings = useDisplaySettings(store);
  const skin = skinOverride ?? settings.skin;
  const model = useClockModel(store, { tenths: settings.tenths });
  const [flash, setFlash] = useState<{ seq: number; colour: string; bells: number; kind: FlashKind }>({
    seq: 0,
    colour: 'white',
    bells: 0,
    kind: 'bell',
  });

  useBellCues(store, () => {
    if (flashOnBell)
      setFlash((f) => ({ seq: f.seq + 1, colour: 'var(--td-flash-bell)', bells: f.bells + 1, kind: 'bell' }));
  });
  const flashAtZero = flashOnBell && settings.flashAtZero;
  const onZero = useCallback(() => {
    if (flashAtZero) setFlash((f) => ({ ...f, seq: f.seq + 1, colour: 'var(--td-overtime)', kind: 'zero' }));
  }, [flashAtZero]);

  const flashAt = state?.overlay.flash?.at;
  const flashColour = state?.overlay.flash?.colour;
  const seenFlash = useRef(flashAt);
  useEffect(() => {
    if (flashAt === undefined || flashAt === seenFlash.current) return;
    seenFlash.current = flashAt;
    if (Math.abs(clock.now() - flashAt) <= FLASH_FRESH_MS)
      setFlash((f) => ({ ...f, seq: f.seq + 1, colour: flashColour ?? 'white', kind: 'overlay' }));
  }, [flashAt, flashColour, clock]);

  const style = { ...skinCssVars(skin) } as CSSProperties;
  const classes = ['td', `td--${variant}`, `td--${skin.scheme}`, className].filter(Boolean).join(' ');

  return (
    <div
      className={classes}
      style={style}
      data-skin={skin.preset}
      data-variant={variant}
      data-bell-count={flash.bells}
      data-testid="timer-display"
    >
      {state && model ? (
        <DisplayBody
          state={state}
          model={model}
          settings={settings}
          variant={variant}
          clock={clock}
          timerName={timerName}
          onZero={onZero}
        />
      ) : (
        <div className="td-loading" role="status">
          <span className="td-loading__spinner" aria-hidden="true" />
          <span>{t.loading}</span>
        </div>
      )}
      {children}
      {state && <OverlayLayers overlay={state.overlay} />}
      {!state?.overlay.blackout && <FlashLayer seq={flash.seq} colour={flash.colour} kind={flash.kind} />}
    </div>
  );
}

function DisplayBody({
  state,
  model,
  settings,
  variant,
  clock,
  timerName,
  onZero,
}: {
  state: MatchState;
  model: ClockModel;
  settings: DisplaySettings;
  variant: 'full' | 'compact';
  clock: { now(): number };
  timerName: string;
  onZero: () => void;
}) {
  const now = useFrameClock(model, clock);
  const projected = model.current;
  const stage = currentStage(projected);
  const readings = model.readAll(now);
  const compact = variant === 'compact';
  const multi = readings.length > 1;
  const side = speakingSide(projected, stage);
  const runningIndex = readings.findIndex((r) => r.running);
  const highlightIndex = runningIndex >= 0 ? runningIndex : readings.findIndex((r) => r.active);
  const highlighted = readings[highlightIndex] ?? readings[0];
  const phase = highlighted?.phase ?? 'normal';
  const speaker = speakerLine(stage, settings);
  const label = sideLabel(state, side);
  const team = teamName(settings, side);
  const shared = !multi ? poolNote(projected, stage, readings[0]?.side ?? side, now) : null;
  const cover = isCoverStage(stage) && timerName !== '';
  const heading = cover ? timerName : stage.name;
  // The body draws on every displayed second; the heading's width changes only with its text.
  const headingStyle = useMemo(
    () => ({ '--td-heading-ems': headingEms(heading).toFixed(1) }) as CSSProperties,
    [heading],
  );
  // A clock that stopped at zero says so: 时间到, not 已暂停.
  const timeUp =
    highlighted !== undefined &&
    !highlighted.running &&
    highlighted.budgetMs > 0 &&
    highlighted.usedMs >= highlighted.budgetMs;
  const statusNote =
    compact || runningIndex >= 0 || projected.timeout !== null || projected.status !== 'paused'
      ? null
      : timeUp
        ? t.timeUp
        : t.status.paused;
  useZeroCue(projected.stageIndex, readings, onZero);

  return (
    <div
      className="td-body"
      data-phase={phase}
      data-stage-kind={stage.kind}
      data-status={projected.status}
      data-time-up={timeUp || undefined}
    >
      <header className="td-head">
        {!compact && settings.logoUrl && <img className="td-head__logo" src={settings.logoUrl} alt="" />}
        <div className="td-head__titles">
          <h1 className="td-head__stage" data-testid="display-stage" title={heading} style={headingStyle}>
            {heading}
          </h1>
          {!compact && (
            <p className="td-head__meta">
              <span>{stageCounter(projected)}</span>
              {projected.status === 'finished' && (
                <span className="td-head__status">{t.status.finished}</span>
              )}
            </p>
          )}
        </div>
        {!compact && <TimeoutBanner state={projected} clock={clock} />}
      </header>

      {readings.length === 0 ? (
        <NoClockStage
          state={state}
          settings={settings}
          compact={compact}
          stageText={stage.text}
          timerName={cover ? '' : timerName}
        />
      ) : (
        <>
          {!multi && (label || speaker) && (
            <div className="td-speaker" data-testid="display-speaker">
              {label && (
                <span className="td-chip td-chip--large" data-side={side ?? 'neutral'}>
                  {label}
                </span>
              )}
              {!compact && team && (
                <span className="td-speaker__team" title={team}>
                  {team}
                </span>
              )}
              {speaker && (
                <span className="td-speaker__name" title={speaker}>
                  {speaker}
                </span>
              )}
            </div>
          )}
          <div className={`td-clocks ${multi ? 'td-clocks--multi' : 'td-clocks--single'}`}>
            {readings.map((reading: ClockReading, i) => (
              <ClockFace
                key={reading.index}
                reading={reading}
                label={sideLabel(state, reading.side)}
                team={compact ? null : teamName(settings, reading.side)}
                showHeader={multi}
                highlighted={multi && i === highlightIndex}
              />
            ))}
          </div>
          {(shared || statusNote) && (
            <div className="td-caption">
              {shared && (
                <p
                  className="td-pool"
                  data-testid="display-pool-note"
                  title={shared.detail ? `${shared.label}：${shared.detail}` : shared.label}
                >
                  <span className="td-pool__label">{shared.label}</span>
                  {shared.detail && <span className="td-pool__detail">{shared.detail}</span>}
                </p>
              )}
              {statusNote && (
                <p className="td-status" data-testid="display-status-note" data-time-up={timeUp || undefined}>
                  {statusNote}
                </p>
              )}
            </div>
          )}
        </>
      )}

      {!compact &&
        readings.length > 0 &&
        (settings.topic || settings.teams.aff.name || settings.teams.neg.name) && (
          <footer className="td-foot">
            {settings.topic && <Topic topic={settings.topic} className="td-foot__topic" />}
            <TeamsLine state={state} settings={settings} />
          </footer>
        )}
    </div>
  );
}

/**
 * Calls `onZero` when a clock of the stage reaches zero while the screen watches (its colour
 * phase turns to overtime), not when a screen opens on a clock already there.
 */
function useZeroCue(stageIndex: number, readings: readonly ClockReading[], onZero: () => void): void {
  const seen = useRef<{ stageIndex: number; phases: string[] } | null>(null);
  const phases = readings.map((reading) => reading.phase);
  const key = `${stageIndex}|${phases.join(',')}`;
  useEffect(() => {
    const before = seen.current;
    seen.current = { stageIndex, phases };
    if (before === null || before.stageIndex !== stageIndex) return;
    if (
      phases.some(
        (phase, i) =>
          phase === 'overtime' && before.phases[i] !== undefined && before.phases[i] !== 'overtime',
      )
    )
      onZero();
    // `key` says when the phases changed; the array itself is new on every render.
  }, [key, onZero]);
}

/** 辩题: the topic, cut to its box, whole in its title. */
function Topic({ topic, className }: { topic: string; className: string }) {
  return (
    <p className={className} data-testid="display-topic" title={topic}>
      <span className="td-foot__topic-label">{t.topic}</span>
      {topic}
    </p>
  );
}

/**
 * 正方 某队 VS 反方 某队: a side without a name shows its side label alone (never a blank), and
 * long names wrap inside equal columns either side of VS.
 */
function TeamsLine({ state, settings }: { state: MatchState; settings: DisplaySettings }) {
  const aff = (settings.teams.aff.name ?? '').trim();
  const neg = (settings.teams.neg.name ?? '').trim();
  if (!aff && !neg) return null;
  const side = (id: 'aff' | 'neg', name: string) => (
    <span className="td-teams__side" data-side={id}>
      {name ? (
        <>
          <span className="td-chip" data-side={id}>
            {sideLabel(state, id)}
          </span>
          <span className="td-teams__name" title={name}>
            {name}
          </span>
        </>
      ) : (
        <span className="td-teams__name td-teams__name--side">{sideLabel(state, id)}</span>
      )}
    </span>
  );
  return (
    <p className="td-teams" data-testid="display-teams">
      {side('aff', aff)}
      <span className="td-teams__vs">VS</span>
      {side('neg', neg)}
    </p>
  );
}

function NoClockStage({
  state,
  settings,
  compact,
  stageText,
  timerName,
}: {
  state: MatchState;
  settings: DisplaySettings;
  compact: boolean;
  stageText: string | undefined;
  timerName: string;
}) {
  if (compact) return <p className="td-none__note">{t.noClock}</p>;
  return (
    <div className="td-none">
      {timerName && (
        <p className="td-none__name" title={timerName}>
          {timerName}
        </p>
      )}
      {settings.topic && <Topic topic={settings.topic} className="td-none__topic" />}
      {stageText && (
        <p className="td-none__text" title={stageText}>
          {stageText}
        </p>
      )}
      <TeamsLine state={state} settings={settings} />
    </div>
  );
}

function TimeoutBanner({ state, clock }: { state: MatchState; clock: { now(): number } }) {
  const timeout = state.timeout;
  const seconds = useFrameKey(
    () =>
      timeout ? Math.ceil(Math.max(0, timeout.startedAt + timeout.durationMs - clock.now()) / 1000) : -1,
    timeout !== null,
  );
  if (!timeout || seconds < 0) return null;
  const label = format(t.timeout, { side: sideLabel(state, timeout.side) ?? '' });
  return (
    <p className="td-timeout" role="status">
      {label} <span className="td-timeout__time">{formatSeconds(seconds)}</span>
    </p>
  );
}
