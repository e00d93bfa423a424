import { currentStage, type MatchState } from '@bianshi/shared';
import { Tooltip } from '../../../components/ui/tooltip';
import { format } from '../../../i18n';
import { consolePage as consolePageText } from '../../../i18n/zh-CN/console';
import type { RefObject } from 'react';
import { ADJUST_STEP_MS, type ConsoleAbilities, type ConsoleActions } from '../hooks/use-console-actions';
import { KEYS_OF } from '../hooks/use-console-keyboard';
import type { ToggleKey } from '../stores/console-ui.store';
import { SetTimeForm } from './set-time-form';
import { keyLabel } from './shortcut-help';

const t = consolePageText;

/**
 * ±10 秒: disabled when it cannot apply, with the reason as a tooltip (on a focusable wrapper,
 * since a disabled button gets no pointer or focus events).
 */
function AdjustButton({
  label,
  blocked,
  disabled,
  onClick,
  shortcut,
  testId,
}: {
  label: string;
  blocked: string | null;
  disabled: boolean;
  onClick: () => void;
  shortcut: string;
  testId?: string;
}) {
  const button = (
    <button
      type="button"
      className="console-btn"
      onClick={onClick}
      disabled={disabled || blocked !== null}
      aria-keyshortcuts={shortcut}
      data-testid={testId}
    >
      {label}
    </button>
  );
  if (blocked === null || disabled) return button;
  return (
    <Tooltip content={blocked} side="top">
      <span
        className="console-btn-wrap"
        tabIndex={0}
        title={blocked}
        aria-label={`${label}：${blocked}`}
        data-testid={testId ? `${testId}-blocked` : undefined}
      >
        {button}
      </span>
    </Tooltip>
  );
}

/** `aria-keyshortcuts` of a key: Space, or the letter. */
const shortcutName = (key: string) => (key === ' ' ? 'Space' : key.toUpperCase());

/** The big controls: start/pause, stages, switch side, reset, ±10 s, bell, 设定时间, 撤销 and 结束比赛. */
export function TransportPanel({
  state,
  actions,
  abilities,
  pending,
  toggleKey,
  setTimeRef,
}: {
  state: MatchState;
  actions: ConsoleActions;
  abilities: ConsoleAbilities;
  pending: boolean;
  /** This device's start/pause key (its bell key follows). */
  toggleKey: ToggleKey;
  setTimeRef: RefObject<HTMLInputElement | null>;
}) {
  const stage = currentStage(state);
  const keys = KEYS_OF[toggleKey];
  const primaryLabel = abilities.running
    ? t.transport.pause
    : state.status === 'paused'
      ? t.transport.resume
      : t.transport.start;
  return (
    <section className="console-transport" aria-label={t.title} data-pending={pending}>
      <div className="console-transport__stage">
        <span className="console-transport__counter">
          {format(t.stage, { n: state.stageIndex + 1, total: state.format.stages.length })}
        </span>
        <strong className="console-transport__name" data-testid="console-stage-name">
          {stage.name}
        </strong>
        <span className="console-status" data-status={state.status}>
          {t.status[state.status]}
        </span>
      </div>
      <div className="console-transport__main">
        <button
          type="button"
          className="console-btn console-btn--nav"
          onClick={() => void actions.prev()}
          disabled={!abilities.canPrev}
          aria-keyshortcuts="ArrowLeft"
        >
          <span aria-hidden="true">◀</span>
          <span>{t.transport.prev}</span>
        </button>
        <button
          type="button"
          className="console-btn console-btn--primary"
          data-running={abilities.running}
          onClick={() => void actions.toggle()}
          disabled={!abilities.hasClock || abilities.finished}
          aria-keyshortcuts={shortcutName(keys.toggle)}
          title={`${keyLabel(keys.toggle)}`}
        >
          <span aria-hidden="true">{abilities.running ? '❚❚' : '▶'}</span>
          <span>
            {abilities.finished
              ? t.transport.finished
              : abilities.hasClock
                ? primaryLabel
                : t.transport.noClock}
          </span>
        </button>
        <button
          type="button"
          className="console-btn console-btn--nav"
          onClick={() => void actions.next()}
          disabled={!abilities.canNext}
          aria-keyshortcuts="ArrowRight"
        >
          <span aria-hidden="true">▶▶</span>
          <span>{t.transport.next}</span>
        </button>
      </div>
      <div className="console-transport__row">
        <button
          type="button"
          className="console-btn"
          onClick={() => void actions.switchSide()}
          disabled={!abilities.canSwitch}
          aria-keyshortcuts="S"
          title="S"
        >
          {t.transport.switchSide}
        </button>
        <AdjustButton
          label={t.transport.minus}
          blocked={abilities.takeBlocked}
          disabled={!abilities.hasClock || abilities.finished}
          onClick={() => void actions.adjust(-ADJUST_STEP_MS)}
          shortcut="-"
        />
        <AdjustButton
          label={t.transport.plus}
          blocked={abilities.giveBackBlocked}
          disabled={!abilities.hasClock || abilities.finished}
          onClick={() => void actions.adjust(ADJUST_STEP_MS)}
          shortcut="+"
          testId="adjust-plus"
        />
        <button
          type="button"
          className="console-btn"
          onClick={() => void actions.bell()}
          disabled={abilities.finished}
          aria-keyshortcuts={shortcutName(keys.bell)}
          title={keyLabel(keys.bell)}
        >
          {t.transport.bell}
        </button>
        <button
          type="button"
          className="console-btn"
          onClick={() => void actions.reset()}
          disabled={!abilities.hasClock || abilities.finished}
          aria-keyshortcuts="R"
        >
          {t.transport.reset}
        </button>
      </div>
      <SetTimeForm
        state={state}
        actions={actions}
        inputRef={setTimeRef}
        disabled={!abilities.hasClock || abilities.finished}
      />
      <div className="console-transport__row console-transport__row--end">
        <button
          type="button"
          className="console-btn"
          onClick={() => void actions.undo()}
          disabled={!abilities.canUndo}
          aria-keyshortcuts="Control+Z"
          title={t.transport.undoHint}
          data-testid="console-undo"
        >
          <span aria-hidden="true">↶</span>
          <span>{t.transport.undo}</span>
        </button>
        <button
          type="button"
          className="console-btn console-btn--danger"
          onClick={() => void actions.finish()}
          disabled={abilities.finished}
          data-testid="console-finish"
        >
          {t.transport.finish}
        </button>
      </div>
    </section>
  );
}
