import type { Format, SideId, Stage, StageOfKind, TurnCap } from '@bianshi/shared';
import { format as fill } from '../../../i18n';
import { create as createText } from '../../../i18n/zh-CN/create';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { BellsEditor } from './bells-editor';
import { DurationInput } from './duration-input';
import { stageOfKind } from './stage-defaults';
import { mmss } from '../time-text';

const t = manageText.timing;

function TurnCapEditor({
  value,
  onChange,
  disabled,
  where,
}: {
  value: TurnCap | undefined;
  onChange: (value: TurnCap | undefined) => void;
  disabled: boolean;
  where: string;
}) {
  if (!value) {
    return (
      <button
        type="button"
        className="btn btn--ghost btn--sm fe-add"
        disabled={disabled}
        onClick={() =>
          onChange({
            turns: [
              { label: '提问', capMs: 30_000 },
              { label: '回答', capMs: 60_000 },
            ],
            onCap: 'pause',
          })
        }
      >
        {t.addTurnCap}
      </button>
    );
  }
  const patchTurn = (index: number, turn: Partial<TurnCap['turns'][number]>) =>
    onChange({ ...value, turns: value.turns.map((x, i) => (i === index ? { ...x, ...turn } : x)) });
  return (
    <div className="fe-turns">
      <span className="manage-field__label">{t.turnCap}</span>
      {value.turns.map((turn, index) => (
        <div key={index} className="fe-bell">
          <input
            className="input"
            aria-label={t.turnLabel}
            value={turn.label}
            maxLength={40}
            disabled={disabled}
            onChange={(e) => patchTurn(index, { label: e.target.value })}
          />
          <DurationInput
            label={t.duration}
            field={`${where} · ${t.turnCap} · ${turn.label || index + 1}`}
            allowZero={false}
            valueMs={turn.capMs}
            disabled={disabled}
            onChange={(capMs) => patchTurn(index, { capMs })}
          />
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={disabled || value.turns.length <= 1}
            onClick={() => onChange({ ...value, turns: value.turns.filter((_, i) => i !== index) })}
          >
            {t.remove}
          </button>
        </div>
      ))}
      <div className="manage-row">
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={disabled || value.turns.length >= 8}
          onClick={() =>
            onChange({
              ...value,
              turns: [...value.turns, { label: `${t.turn}${value.turns.length + 1}`, capMs: 30_000 }],
            })
          }
        >
          {t.addTurn}
        </button>
        <select
          className="input fe-inline"
          aria-label={t.turnCap}
          value={value.onCap}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, onCap: e.target.value as TurnCap['onCap'] })}
        >
          <option value="pause">{t.onCap.pause}</option>
          <option value="signal">{t.onCap.signal}</option>
        </select>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={disabled}
          onClick={() => onChange(undefined)}
        >
          {t.removeTurnCap}
        </button>
      </div>
    </div>
  );
}

function Select<V extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
}: {
  label: string;
  value: V;
  options: readonly (readonly [V, string])[];
  onChange: (value: V) => void;
  disabled: boolean;
}) {
  return (
    <label className="fe-field">
      <span className="manage-field__label">{label}</span>
      <select
        className="input"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as V)}
      >
        {options.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** One stage of the format editor, with the fields its kind has. */
/** 共用时间: a stage drawing on a team's shared pool has no duration of its own, only an optional cap. */
function SharedTime({
  stage,
  formatValue,
  where,
  disabled,
  onCap,
}: {
  stage: StageOfKind<'single'>;
  formatValue: Format;
  where: string;
  disabled: boolean;
  onCap: (durationMs: number | undefined) => void;
}) {
  const pool = formatValue.pools.find((value) => value.id === stage.poolId);
  return (
    <div className="fe-field fe-field--wide fe-shared" data-testid="stage-shared-time">
      <span className="manage-field__label">{t.duration}</span>
      <span className="fe-shared__value">{t.sharedTime}</span>
      {pool ? (
        <span className="manage-muted">
          {fill(t.sharedFrom, { pool: pool.name, aff: mmss(pool.totalMs.aff), neg: mmss(pool.totalMs.neg) })}
        </span>
      ) : null}
      {stage.durationMs === undefined ? (
        <button
          type="button"
          className="btn btn--ghost btn--sm fe-add"
          disabled={disabled}
          onClick={() => onCap(180_000)}
        >
          {t.sharedCapAdd}
        </button>
      ) : (
        <span className="manage-row">
          <DurationInput
            label={t.sharedCap}
            field={`${where} · ${t.sharedCap}`}
            allowZero={false}
            valueMs={stage.durationMs}
            disabled={disabled}
            onChange={onCap}
          />
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={disabled}
            onClick={() => onCap(undefined)}
          >
            {t.sharedCapRemove}
          </button>
        </span>
      )}
    </div>
  );
}

export function StageEditor({
  stage,
  index,
  count,
  formatValue,
  onChange,
  onMove,
  onRemove,
  disabled,
  issues = [],
}: {
  stage: Stage;
  /** This stage's problems from the last save, in the user's words. */
  issues?: string[];
  index: number;
  count: number;
  formatValue: Format;
  onChange: (stage: Stage) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  disabled: boolean;
}) {
  const poolOptions = [
    ['', t.noPool] as const,
    ...formatValue.pools.map((pool) => [pool.id, pool.name] as const),
  ];
  const directionOptions = [
    ['down', t.directions.down],
    ['up', t.directions.up],
  ] as const;
  const overtimeOptions = [
    ['continue', t.overtimes.continue],
    ['stop', t.overtimes.stop],
  ] as const;
  const sideOptions = [
    ['aff', t.sides.aff],
    ['neg', t.sides.neg],
  ] as const;
  const patch = <K extends Stage['kind']>(value: Partial<StageOfKind<K>>) =>
    onChange({ ...stage, ...value } as Stage);
  const withPool = (poolId: string) => {
    const { poolId: _old, ...rest } = stage as StageOfKind<'single'>;
    // A stage drawing on a pool must stop at zero: it cannot overdraw the team's time.
    onChange((poolId ? { ...rest, poolId, overtime: 'stop' } : rest) as Stage);
  };
  const where = fill(t.stage, { n: index + 1 });

  return (
    <li
      className="fe-stage"
      data-kind={stage.kind}
      data-testid="stage-editor"
      data-invalid={issues.length > 0}
    >
      <div className="fe-stage__head">
        <span className="fe-stage__num">{fill(t.stage, { n: index + 1 })}</span>
        <div className="fe-stage__tools">
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={disabled || index === 0}
            onClick={() => onMove(index - 1)}
            aria-label={`${t.moveUp} ${index + 1}`}
          >
            ↑
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={disabled || index === count - 1}
            onClick={() => onMove(index + 1)}
            aria-label={`${t.moveDown} ${index + 1}`}
          >
            ↓
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={disabled || count <= 1}
            onClick={onRemove}
          >
            {t.removeStage}
          </button>
        </div>
      </div>
      <div className="fe-grid">
        <label className="fe-field fe-field--wide">
          <span className="manage-field__label">{t.name}</span>
          <input
            className="input"
            value={stage.name}
            maxLength={80}
            disabled={disabled}
            onChange={(e) => patch({ name: e.target.value })}
          />
        </label>
        <Select
          label={t.kind}
          value={stage.kind}
          disabled={disabled}
          options={(['single', 'dual', 'prep', 'none'] as const).map(
            (kind) => [kind, t.kinds[kind]] as const,
          )}
          onChange={(kind) => onChange(stageOfKind(kind, stage.name, formatValue))}
        />
        {stage.kind === 'single' ? (
          <>
            <Select
              label={t.side}
              value={stage.side ?? 'none'}
              disabled={disabled}
              options={[...sideOptions, ['none', t.sides.none]] as const}
              onChange={(side) => patch<'single'>({ side: side === 'none' ? null : (side as SideId) })}
            />
            {stage.poolId !== undefined ? (
              <SharedTime
                stage={stage}
                formatValue={formatValue}
                where={where}
                disabled={disabled}
                onCap={(durationMs) => {
                  const { durationMs: _old, ...rest } = stage;
                  onChange(durationMs === undefined ? rest : { ...rest, durationMs });
                }}
              />
            ) : (
              <label className="fe-field">
                <span className="manage-field__label">{t.duration}</span>
                <DurationInput
                  label={t.duration}
                  field={`${where} · ${t.duration}`}
                  allowZero={false}
                  valueMs={stage.durationMs ?? 0}
                  disabled={disabled}
                  onChange={(durationMs) => patch<'single'>({ durationMs })}
                />
              </label>
            )}
            <Select
              label={t.speaker}
              value={String(stage.speaker ?? '')}
              disabled={disabled}
              options={
                [['', '—'], ...manageText.teams.position.map((p, i) => [String(i + 1), p] as const)] as const
              }
              onChange={(v) => {
                const { speaker: _old, ...rest } = stage;
                onChange(v ? { ...rest, speaker: Number(v) } : rest);
              }}
            />
          </>
        ) : null}
        {stage.kind === 'dual' ? (
          <>
            <label className="fe-field">
              <span className="manage-field__label">{t.durationAff}</span>
              <DurationInput
                label={t.durationAff}
                field={`${where} · ${t.durationAff}`}
                allowZero={false}
                valueMs={stage.durationMs.aff}
                disabled={disabled}
                onChange={(aff) => patch<'dual'>({ durationMs: { ...stage.durationMs, aff } })}
              />
            </label>
            <label className="fe-field">
              <span className="manage-field__label">{t.durationNeg}</span>
              <DurationInput
                label={t.durationNeg}
                field={`${where} · ${t.durationNeg}`}
                allowZero={false}
                valueMs={stage.durationMs.neg}
                disabled={disabled}
                onChange={(neg) => patch<'dual'>({ durationMs: { ...stage.durationMs, neg } })}
              />
            </label>
            <Select
              label={t.firstSide}
              value={stage.firstSide}
              disabled={disabled}
              options={sideOptions}
              onChange={(firstSide) => patch<'dual'>({ firstSide })}
            />
            <Select
              label={t.endBehaviour}
              value={stage.endBehaviour}
              disabled={disabled}
              options={
                [
                  ['relay', t.endBehaviours.relay],
                  ['solo', t.endBehaviours.solo],
                ] as const
              }
              onChange={(endBehaviour) => patch<'dual'>({ endBehaviour })}
            />
          </>
        ) : null}
        {stage.kind === 'prep' ? (
          <>
            <Select
              label={t.pool}
              value={stage.poolId}
              disabled={disabled}
              options={formatValue.pools.map((pool) => [pool.id, pool.name] as const)}
              onChange={(poolId) => patch<'prep'>({ poolId })}
            />
            <Select
              label={t.side}
              value={stage.sides.length === 2 ? 'both' : (stage.sides[0] ?? 'aff')}
              disabled={disabled}
              options={[...sideOptions, ['both', createText.sides.both]] as const}
              onChange={(v) => patch<'prep'>({ sides: v === 'both' ? ['aff', 'neg'] : [v as SideId] })}
            />
          </>
        ) : null}
        {stage.kind !== 'none' ? (
          <Select
            label={t.direction}
            value={stage.direction}
            disabled={disabled}
            options={directionOptions}
            onChange={(direction) => patch({ direction })}
          />
        ) : null}
        {stage.kind === 'single' || stage.kind === 'dual' ? (
          <>
            <Select
              label={t.overtime}
              value={stage.overtime}
              disabled={disabled}
              options={overtimeOptions}
              onChange={(overtime) => patch({ overtime })}
            />
            <Select
              label={t.pool}
              value={stage.poolId ?? ''}
              disabled={disabled}
              options={poolOptions}
              onChange={withPool}
            />
          </>
        ) : null}
      </div>
      {issues.length > 0 ? (
        <ul className="fe-stage__issues" role="alert" data-testid="stage-issues">
          {issues.map((issue) => (
            <li key={issue}>{issue}</li>
          ))}
        </ul>
      ) : null}
      {stage.kind !== 'none' ? (
        <BellsEditor
          bells={stage.bells}
          where={where}
          disabled={disabled}
          onChange={(bells) => patch({ bells })}
        />
      ) : null}
      {stage.kind === 'single' || stage.kind === 'dual' ? (
        <TurnCapEditor
          where={where}
          value={stage.turnCap}
          disabled={disabled}
          onChange={(turnCap) => {
            const { turnCap: _old, ...rest } = stage;
            onChange((turnCap ? { ...rest, turnCap } : rest) as Stage);
          }}
        />
      ) : null}
    </li>
  );
}
