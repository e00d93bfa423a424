import type { Format, Pool } from '@bianshi/shared';
import { format as fill } from '../../../i18n';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { DurationInput } from './duration-input';
import { freshPoolId } from './stage-defaults';

const t = manageText.timing;

/** Shared team pools (新国辩 budgets, prep time) and the per-side timeout allowance. */
export function PoolsEditor({ value, onChange, disabled }: { value: Format; onChange: (format: Format) => void; disabled: boolean }) {
  const setPools = (pools: Pool[]) => onChange({ ...value, pools });
  const patch = (index: number, pool: Partial<Pool>) => setPools(value.pools.map((p, i) => (i === index ? { ...p, ...pool } : p)));
  const timeouts = value.timeouts;
  return (
    <div className="manage-stack">
      <p className="manage-muted">{t.poolsLead}</p>
      {value.pools.map((pool, index) => (
        <div key={index} className="fe-pool">
          <label className="fe-field">
            <span className="manage-field__label">{t.poolName}</span>
            <input className="input" value={pool.name} maxLength={40} disabled={disabled} onChange={(e) => patch(index, { name: e.target.value })} />
          </label>
          <label className="fe-field">
            <span className="manage-field__label">{t.kind}</span>
            <select className="input" value={pool.kind} disabled={disabled} onChange={(e) => patch(index, { kind: e.target.value as Pool['kind'] })}>
              <option value="budget">{t.poolKind.budget}</option>
              <option value="prep">{t.poolKind.prep}</option>
            </select>
          </label>
          <label className="fe-field">
            <span className="manage-field__label">{t.poolTotalAff}</span>
            <DurationInput label={t.poolTotalAff} field={`${fill(t.issueFields.pool, { name: pool.name || String(index + 1) })} · ${t.poolTotalAff}`} allowZero={false} valueMs={pool.totalMs.aff} disabled={disabled} onChange={(aff) => patch(index, { totalMs: { ...pool.totalMs, aff } })} />
          </label>
          <label className="fe-field">
            <span className="manage-field__label">{t.poolTotalNeg}</span>
            <DurationInput label={t.poolTotalNeg} field={`${fill(t.issueFields.pool, { name: pool.name || String(index + 1) })} · ${t.poolTotalNeg}`} allowZero={false} valueMs={pool.totalMs.neg} disabled={disabled} onChange={(neg) => patch(index, { totalMs: { ...pool.totalMs, neg } })} />
          </label>
          <button type="button" className="btn btn--ghost btn--sm" disabled={disabled} onClick={() => setPools(value.pools.filter((_, i) => i !== index))}>
            {t.remove}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn btn--ghost btn--sm fe-add"
        disabled={disabled || value.pools.length >= 8}
        onClick={() => setPools([...value.pools, { id: freshPoolId(value), name: '准备时间', kind: 'prep', totalMs: { aff: 240_000, neg: 240_000 } }])}
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
              onChange(count === 0 ? rest : { ...rest, timeouts: { aff: { count, durationMs }, neg: { count, durationMs } } });
            }}
          />
        </label>
        {timeouts ? (
          <label className="fe-field">
            <span className="manage-field__label">{t.timeoutDuration}</span>
            <DurationInput label={t.timeoutDuration} field={`${t.timeouts} · ${t.timeoutDuration}`} allowZero={false} valueMs={timeouts.aff.durationMs} disabled={disabled} onChange={(durationMs) => onChange({ ...value, timeouts: { aff: { ...timeouts.aff, durationMs }, neg: { ...timeouts.neg, durationMs } } })} />
          </label>
        ) : null}
      </div>
    </div>
  );
}
