import { stagePoolId, type Format, type Pool } from '@bianshi/shared';
import { format as fill } from '../../../i18n';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { DurationInput } from './duration-input';
import { freshPoolId } from './stage-defaults';

const t = manageText.timing;

/** Shared team pools (新国辩 budgets, prep time) and the per-side timeout allowance. */
export function PoolsEditor({
  value,
  onChange,
  disabled,
}: {
  value: Format;
  onChange: (format: Format) => void;
  disabled: boolean;
}) {
  const setPools = (pools: Pool[]) => onChange({ ...value, pools });
  const patch = (index: number, pool: Partial<Pool>) =>
    setPools(value.pools.map((p, i) => (i === index ? { ...p, ...pool } : p)));
  const timeouts = value.timeouts;
  return (
    <div className="manage-stack">
      <p className="manage-muted">{t.poolsLead}</p>
      {value.pools.map((pool, index) => (
        <div key={index} className="fe-pool">
          <label className="fe-field">
            <span className="manage-field__label">{t.poolName}</span>
            <input
              className="input"
              value={pool.name}
              maxLength={40}
              disabled={disabled}
              onChange={(e) => patch(index, { name: e.target.value })}
            />
          </label>
          <label className="fe-field">
            <span className="manage-field__label">{t.kind}</span>
            <select
              className="input"
              value={pool.kind}
              disabled={disabled}
              onChange={(e) => patch(index, { kind: e.target.value as Pool['kind'] })}
            >
              <option value="budget">{t.poolKind.budget}</option>
              <option value="prep">{t.poolKind.prep}</option>
            </select>
          </label>
          <label className="fe-field">
            <span className="manage-field__label">{t.poolTotalAff}</span>
            <DurationInput
              label={t.poolTotalAff}
              field={`${fill(t.issueFields.pool, { name: pool.name || String(index + 1) })} · ${t.poolTotalAff}`}
              allowZero={false}
              valueMs={pool.totalMs.aff}
              disabled={disabled}
              onChange={(aff) => patch(index, { totalMs: { ...pool.totalMs, aff } })}
            />
          </label>
          <label className="fe-field">
            <span className="manage-field__label">{t.poolTotalNeg}</span>
            <DurationInput
              label={t.poolTotalNeg}
              field={`${fill(t.issueFields.pool, { name: pool.name || String(index + 1) })} · ${t.poolTotalNeg}`}
              allowZero={false}
              valueMs={pool.totalMs.neg}
              disabled={disabled}
              onChange={(neg) => patch(index, { totalMs: { ...pool.totalMs, neg } })}
            />
          </label>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={disabled}
            onClick={() => setPools(value.pools.filter((_, i) => i !== index))}
          >
            {t.remove}
          </button>
          <ReserveEditor
            format={value}
            pool={pool}
            index={index}
            disabled={disabled}
            onChange={(reserve) =>
              setPools(value.pools.map((p, i) => (i === index ? withReserve(p, reserve) : p)))
            }
          />
        </div>
      ))}
      <button
        type="button"
        className="btn btn--ghost btn--sm fe-add"
        disabled={disabled || value.pools.length >= 8}
        onClick={() =>
          setPools([
            ...value.pools,
            {
              id: freshPoolId(value),
              name: '准备时间',
              kind: 'prep',
              totalMs: { aff: 240_000, neg: 240_000 },
            },
          ])
        }
      >
        {t.addPool}
      </button>
      <div className="fe-pool">
        <span className="manage-field__label fe-pool__title">{t.timeouts}</span>
        <label className="fe-field">
          <span className="manage-field__label">{t.timeoutCount}</span>
          <input
            className="input"
            type="number"
            min={0}
            max={10}
            value={timeouts?.aff.count ?? 0}
            disabled={disabled}
            onChange={(e) => {
              const count = Math.max(0, Math.min(10, Math.round(Number(e.target.value) || 0)));
              const durationMs = timeouts?.aff.durationMs ?? 60_000;
              const { timeouts: _old, ...rest } = value;
              onChange(
                count === 0
                  ? rest
                  : { ...rest, timeouts: { aff: { count, durationMs }, neg: { count, durationMs } } },
              );
            }}
          />
        </label>
        {timeouts ? (
          <label className="fe-field">
            <span className="manage-field__label">{t.timeoutDuration}</span>
            <DurationInput
              label={t.timeoutDuration}
              field={`${t.timeouts} · ${t.timeoutDuration}`}
              allowZero={false}
              valueMs={timeouts.aff.durationMs}
              disabled={disabled}
              onChange={(durationMs) =>
                onChange({
                  ...value,
                  timeouts: { aff: { ...timeouts.aff, durationMs }, neg: { ...timeouts.neg, durationMs } },
                })
              }
            />
          </label>
        ) : null}
      </div>
    </div>
  );
}

/** A pool with its reserve set, or without one. */
function withReserve(pool: Pool, reserve: Pool['reserve']): Pool {
  const { reserve: _old, ...rest } = pool;
  return reserve === undefined ? rest : { ...rest, reserve };
}

/**
 * What a pool keeps for later stages (新国辩: 结辩至少保留 3:00): a duration (0:00 keeps none) and
 * the stages it keeps it for, chosen among the stages drawing on the pool. A stage renamed after
 * it was chosen is refused on save, in Chinese, by the format's own rules.
 */
function ReserveEditor({
  format,
  pool,
  index,
  disabled,
  onChange,
}: {
  format: Format;
  pool: Pool;
  index: number;
  disabled: boolean;
  onChange: (reserve: Pool['reserve']) => void;
}) {
  const reserve = pool.reserve;
  const drawing = [
    ...new Set(format.stages.filter((stage) => stagePoolId(stage) === pool.id).map((stage) => stage.name)),
  ];
  const choices = [...drawing, ...(reserve?.stages.filter((name) => !drawing.includes(name)) ?? [])];
  const field = `${fill(t.issueFields.pool, { name: pool.name || String(index + 1) })} · ${t.reserve}`;
  const toggle = (name: string, on: boolean) => {
    if (!reserve) return;
    onChange({
      ...reserve,
      stages: on ? [...reserve.stages, name] : reserve.stages.filter((value) => value !== name),
    });
  };
  return (
    <fieldset className="fe-pool__reserve" data-testid="pool-reserve">
      <legend className="manage-field__label">{t.reserve}</legend>
      <p className="manage-muted">{t.reserveHint}</p>
      <DurationInput
        label={t.reserve}
        field={field}
        valueMs={reserve?.ms ?? 0}
        disabled={disabled}
        onChange={(ms) => onChange(ms === 0 ? undefined : { ms, stages: reserve?.stages ?? [] })}
      />
      <div className="fe-pool__reserve-stages" role="group" aria-label={t.reserveStages}>
        <span className="manage-field__label">{t.reserveStages}</span>
        {choices.length === 0 ? <span className="manage-muted">{t.reserveNoStages}</span> : null}
        {choices.map((name) => (
          <label key={name} className="manage-check">
            <input
              type="checkbox"
              checked={reserve?.stages.includes(name) ?? false}
              disabled={disabled || !reserve}
              onChange={(e) => toggle(name, e.target.checked)}
            />
            <span>{name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
