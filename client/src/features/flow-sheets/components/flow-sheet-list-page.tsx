import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { BUILTIN_FORMATS } from '@bianshi/shared';
import { ProjectIndexPage } from '../../../components/projects/project-index';
import { workbench as workbenchText } from '../../../i18n/zh-CN/workbench';
import { errorText } from '../../../components/projects/error-text';
import { useCreateFlow, useFlows } from '../api/flow-sheet-queries';
import { parseTimerInput } from '../timer-link';
import '../flow-sheets.css';

const t = workbenchText;
type Mode = 'personal' | 'team' | 'judge';

/** /ccf: the account's flow sheets and a form to start one from a format (and a timer). */
export function FlowSheetListPage() {
  const flows = useFlows();
  const create = useCreateFlow();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [formatId, setFormatId] = useState(BUILTIN_FORMATS[0]?.id ?? '');
  const [timerId, setTimerId] = useState('');
  const [mode, setMode] = useState<Mode>('personal');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A pasted display link brings a private timer's view key along.
    const timer = timerId.trim() ? parseTimerInput(timerId) : null;
    if (timerId.trim() && !timer) return void toast.error(t.flow.timerInvalid);
    create.mutate(
      { kind: 'flow', name, formatId, mode, ...(timer ?? {}) },
      {
        onSuccess: ({ projectId }) => void navigate(`/ccf/${projectId}`),
        onError: (error) => toast.error(errorText(error)),
      },
    );
  };
  return (
    <ProjectIndexPage
      title={t.flow.title}
      lead={t.flow.lead}
      listTitle={t.flow.mine}
      empty={t.flow.empty}
      failed={flows.isError}
      items={flows.data?.map((flow) => ({
        id: flow.id,
        to: `/ccf/${flow.id}`,
        name: flow.name,
        badges: [t.flow.modeShort[flow.mode], t.roles[flow.role]],
        updatedAt: flow.updatedAt,
      }))}
    >
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
            maxLength={400}
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
    </ProjectIndexPage>
  );
}
