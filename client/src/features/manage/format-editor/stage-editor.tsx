import type { Format, SideId, Stage, StageOfKind, TurnCap } from '@bianshi/shared';
import { format as fill, messages } from '../../../i18n';
import { BellsEditor } from './bells-editor';
import { DurationInput } from './duration-input';
import { stageOfKind } from './stage-defaults';

const t = messages.manage.timing;

function TurnCapEditor({ value, onChange, disabled }: { value: TurnCap | undefined; onChange: (value: TurnCap | undefined) => void; disabled: boolean }) {
  if (!value) {
    return (
      <button type="button" className="btn btn--ghost btn--sm fe-add" disabled={disabled} onClick={() => onChange({ turns: [{ label: '提问', capMs: 30_000 }, { label: '回答', capMs: 60_000 }], onCap: 'pause' })}>
        {t.addTurnCap}
      </button>
    );
  }
  const patchTurn = (index: number, turn: Partial<TurnCap['turns'][number]>) => onChange({ ...value, turns: value.turns.map((x, i) => (i === index ? { ...x, ...turn } : x)) });
  return (
    <div className="fe-turns">
      <span className="manage-field__label">{t.turnCap}</span>
      {value.turns.map((turn, index) => (
        <div key={index} className="fe-bell">
          <input className="input" aria-label={t.turnLabel} value={turn.label} maxLength={40} disabled={disabled} onChange={(e) => patchTurn(index, { label: e.target.value })} />
          <DurationInput label={t.duration} valueMs={turn.capMs} disabled={disabled} onChange={(capMs) => patchTurn(index, { capMs })} />
          <button type="button" className="btn btn--ghost btn--sm" disabled={disabled || value.turns.length <= 1} onClick={() => onChange({ ...value, turns: value.turns.filter((_, i) => i !== index) })}>
            {t.remove}
          </button>
        </div>
      ))}
      <div className="manage-row">
        <button type="button" className="btn btn--ghost btn--sm" disabled={disabled || value.turns.length >= 8} onClick={() => onChange({ ...value, turns: [...value.turns, { label: `${t.turn}${value.turns.length + 1}`, capMs: 30_000 }] })}>
          {t.addTurn}
        </button>
        <select className="input fe-inline" aria-label={t.turnCap} value={value.onCap} disabled={disabled} onChange={(e) => onChange({ ...value, onCap: e.target.value as TurnCap['onCap'] })}>
          <option value="pause">{t.onCap.pause}</option>
          <option value="signal">{t.onCap.signal}</option>
        </select>
        <button type="button" className="btn btn--ghost btn--sm" disabled={disabled} onClick={() => onChange(undefined)}>
          {t.removeTurnCap}
        </button>
      </div>
    </div>
  );
}

function Select<V extends string>({ label, value, options, onChange, disabled }: { label: string; value: V; options: readonly (readonly [V, string])[]; onChange: (value: V) => void; disabled: boolean }) {
  return (
    <label className="fe-field">
      <span className="manage-field__label">{label}</span>
      <select className="input" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as V)}>
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
export function StageEditor({ stage, index, count, formatValue, onChange, onMove, onRemove, disabled }: {
  stage: Stage;
  index: number;
  count: number;
  formatValue: Format;
  onChange: (stage: Stage) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  disabled: boolean;
}) {
  const poolOptions = [['', t.noPool] as const, ...formatValue.pools.map((pool) => [pool.id, pool.name] as const)];
  const directionOptions = [['down', t.directions.down], ['up', t.directions.up]] as const;
  const overtimeOptions = [['continue', t.overtimes.continue], ['stop', t.overtimes.stop]] as const;
  const sideOptions = [['aff', t.sides.aff], ['neg', t.sides.neg]] as const;
  const patch = <K extends Stage['kind']>(value: Partial<StageOfKind<K>>) => onChange({ ...stage, ...value } as Stage);
  const withPool = (poolId: string) => {
    const { poolId: _old, ...rest } = stage as StageOfKind<'single'>;
    onChange((poolId ? { ...rest, poolId } : rest) as Stage);
  };

  return (
    <li className="fe-stage" data-kind={stage.kind} data-testid="stage-editor">
      <div className="fe-stage__head">
        <span className="fe-stage__num">{fill(t.stage, { n: index + 1 })}</span>
        <div className="fe-stage__tools">
          <button type="button" className="btn btn--ghost btn--sm" disabled={disabled || index === 0} onClick={() => onMove(index - 1)} aria-label={`${t.moveUp} ${index + 1}`}>
            ↑
          </button>
          <button type="button" className="btn btn--ghost btn--sm" disabled={disabled || index === count - 1} onClick={() => onMove(index + 1)} aria-label={`${t.moveDown} ${index + 1}`}>
            ↓
          </button>
          <button type="button" className="btn btn--ghost btn--sm" disabled={disabled || count <= 1} onClick={onRemove}>
            {t.removeStage}
          </button>
        </div>
      </div>
      <div className="fe-grid">
        <label className="fe-field fe-field--wide">
          <span className="manage-field__label">{t.name}</span>
          <input className="input" value={stage.name} maxLength={80} disabled={disabled} onChange={(e) => patch({ name: e.target.value })} />
        </label>
        <Select
          label={t.kind}
          value={stage.kind}
          disabled={disabled}
          options={(['single', 'dual', 'prep', 'none'] as const).map((kind) => [kind, t.kinds[kind]] as const)}
          onChange={(kind) => onChange(stageOfKind(kind, stage.name, formatValue))}
        />
        {stage.kind === 'single' ? (
          <>
            <Select label={t.side} value={stage.side ?? 'none'} disabled={disabled} options={[...sideOptions, ['none', t.sides.none]] as const} onChange={(side) => patch<'single'>({ side: side === 'none' ? null : (side as SideId) })} />
            <label className="fe-field">
              <span className="manage-field__label">{t.duration}</span>
              <DurationInput label={t.duration} valueMs={stage.durationMs ?? 0} disabled={disabled} onChange={(durationMs) => patch<'single'>({ durationMs })} />
            </label>
            <Select label={t.speaker} value={String(stage.speaker ?? '')} disabled={disabled} options={[['', '—'], ...messages.manage.teams.position.map((p, i) => [String(i + 1), p] as const)] as const} onChange={(v) => {
              const { speaker: _old, ...rest } = stage;
              onChange(v ? { ...rest, speaker: Number(v) } : rest);
            }} />
          </>
        ) : null}
        {stage.kind === 'dual' ? (
          <>
            <label className="fe-field">
              <span className="manage-field__label">{t.durationAff}</span>
              <DurationInput label={t.durationAff} valueMs={stage.durationMs.aff} disabled={disabled} onChange={(aff) => patch<'dual'>({ durationMs: { ...stage.durationMs, aff } })} />
            </label>
            <label className="fe-field">
              <span className="manage-field__label">{t.durationNeg}</span>
              <DurationInput label={t.durationNeg} valueMs={stage.durationMs.neg} disabled={disabled} onChange={(neg) => patch<'dual'>({ durationMs: { ...stage.durationMs, neg } })} />
            </label>
            <Select label={t.firstSide} value={stage.firstSide} disabled={disabled} options={sideOptions} onChange={(firstSide) => patch<'dual'>({ firstSide })} />
            <Select label={t.endBehaviour} value={stage.endBehaviour} disabled={disabled} options={[['relay', t.endBehaviours.relay], ['solo', t.endBehaviours.solo]] as const} onChange={(endBehaviour) => patch<'dual'>({ endBehaviour })} />
          </>
        ) : null}
        {stage.kind === 'prep' ? (
          <>
            <Select label={t.pool} value={stage.poolId} disabled={disabled} options={formatValue.pools.map((pool) => [pool.id, pool.name] as const)} onChange={(poolId) => patch<'prep'>({ poolId })} />
            <Select label={t.side} value={stage.sides.length === 2 ? 'both' : (stage.sides[0] ?? 'aff')} disabled={disabled} options={[...sideOptions, ['both', messages.create.sides.both]] as const} onChange={(v) => patch<'prep'>({ sides: v === 'both' ? ['aff', 'neg'] : [v as SideId] })} />
          </>
        ) : null}
        {stage.kind !== 'none' ? <Select label={t.direction} value={stage.direction} disabled={disabled} options={directionOptions} onChange={(direction) => patch({ direction })} /> : null}
        {stage.kind === 'single' || stage.kind === 'dual' ? (
          <>
            <Select label={t.overtime} value={stage.overtime} disabled={disabled} options={overtimeOptions} onChange={(overtime) => patch({ overtime })} />
            <Select label={t.pool} value={stage.poolId ?? ''} disabled={disabled} options={poolOptions} onChange={withPool} />
          </>
        ) : null}
      </div>
      {stage.kind !== 'none' ? <BellsEditor bells={stage.bells} disabled={disabled} onChange={(bells) => patch({ bells })} /> : null}
      {stage.kind === 'single' || stage.kind === 'dual' ? (
        <TurnCapEditor
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
