import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { TRPCClientError } from '@trpc/client';
import { BUILTIN_FORMATS } from '@bianshi/shared';
import { dateTimeFormat, format } from '../../../i18n';
import { workbench as workbenchText } from '../../../i18n/zh-CN/workbench';
import { useCreateFlow, useFlows } from '../api/ccf-queries';
import '../ccf.css';

const t = workbenchText;
type Mode = 'personal' | 'team' | 'judge';

/** /ccf: the account's flow sheets and a form to start one from a format (and a timer). */
export function CcfIndexPage() {
  const flows = useFlows();
  const create = useCreateFlow();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [formatId, setFormatId] = useState(BUILTIN_FORMATS[0]?.id ?? '');
  const [timerId, setTimerId] = useState('');
  const [mode, setMode] = useState<Mode>('personal');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { kind: 'flow', name, formatId, mode, ...(timerId.trim() ? { timerId: timerId.trim() } : {}) },
      {
        onSuccess: ({ projectId }) => void navigate(`/ccf/${projectId}`),
        onError: (error) => toast.error(error instanceof TRPCClientError ? error.message : String(error)),
      },
    );
  };
  return (
    <div className="wb-index">
      <header className="wb-index__head">
        <h1 className="wb-title">{t.flow.title}</h1>
        <p className="wb-lead">{t.flow.lead}</p>
      </header>
      <div className="wb-index__grid">
        <section className="wb-box" aria-labelledby="ccf-list">
          <h2 id="ccf-list" className="wb-box__title">
            {t.flow.mine}
          </h2>
          {flows.data && flows.data.length === 0 ? <p className="wb-empty">{t.flow.empty}</p> : null}
          <ul className="wb-projects">
            {(flows.data ?? []).map((flow) => (
              <li key={flow.id}>
                <Link to={`/ccf/${flow.id}`} className="wb-project">
                  <span className="wb-project__name">{flow.name}</span>
                  <span className="wb-project__foot">
                    <span className="badge">{t.flow.modeShort[flow.mode]}</span>
                    <span className="badge">{t.roles[flow.role]}</span>
                    <span className="wb-hint">
                      {format(t.index.updated, { time: dateTimeFormat.format(new Date(flow.updatedAt)) })}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <form className="wb-box" onSubmit={submit} aria-labelledby="ccf-create">
          <h2 id="ccf-create" className="wb-box__title">
            {t.flow.create}
          </h2>
          <label className="wb-field">
            <span>{t.flow.name}</span>
            <input
              className="input"
              required
              maxLength={80}
              value={name}
              placeholder={t.flow.namePlaceholder}
              onChange={(event) => setName(event.target.value)}
            />
          </label>
          <label className="wb-field">
            <span>{t.flow.format}</span>
            <select className="input" value={formatId} onChange={(event) => setFormatId(event.target.value)}>
              {BUILTIN_FORMATS.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </select>
          </label>
          <label className="wb-field">
            <span>{t.flow.timer}</span>
            <input
              className="input"
              maxLength={64}
              value={timerId}
              placeholder={t.flow.timerPlaceholder}
              onChange={(event) => setTimerId(event.target.value)}
            />
          </label>
          <label className="wb-field">
            <span>{t.flow.mode}</span>
            <select className="input" value={mode} onChange={(event) => setMode(event.target.value as Mode)}>
              {(['personal', 'team', 'judge'] as const).map((m) => (
                <option key={m} value={m}>
                  {t.flow.modes[m]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn btn--primary" disabled={create.isPending}>
            {t.flow.create}
          </button>
        </form>
      </div>
    </div>
  );
}
