import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { dateTimeFormat, format } from '../../../i18n';
import { workbench as workbenchText } from '../../../i18n/zh-CN/workbench';
import { useProjects, useWorkbenchActions } from '../api/workbench-queries';
import { errorText } from './errors';
import '../workbench.css';

const t = workbenchText;

/** /workbench: the account's preparation projects and a form to start one. */
export function WorkbenchIndexPage() {
  const projects = useProjects();
  const actions = useWorkbenchActions();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [team, setTeam] = useState('');
  const [motion, setMotion] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.create.mutate(
      { kind: 'workbench', name, team, motion },
      {
        onSuccess: ({ projectId }) => void navigate(`/workbench/${projectId}`),
        onError: (error) => toast.error(errorText(error)),
      },
    );
  };
  return (
    <div className="wb-index">
      <header className="wb-index__head">
        <h1 className="wb-title">{t.index.title}</h1>
        <p className="wb-lead">{t.index.lead}</p>
      </header>
      <div className="wb-index__grid">
        <section className="wb-box" aria-labelledby="wb-list">
          <h2 id="wb-list" className="wb-box__title">
            {t.index.mine}
          </h2>
          {projects.isError ? <p role="alert">{t.index.loadFailed}</p> : null}
          {projects.data && projects.data.length === 0 ? <p className="wb-empty">{t.index.empty}</p> : null}
          <ul className="wb-projects">
            {(projects.data ?? []).map((project) => (
              <li key={project.id}>
                <Link to={`/workbench/${project.id}`} className="wb-project">
                  <span className="wb-project__name">{project.name}</span>
                  <span className="wb-project__meta">
                    {[project.team, project.motion].filter(Boolean).join(' · ')}
                  </span>
                  <span className="wb-project__foot">
                    <span className="badge">{t.roles[project.role]}</span>
                    <span className="wb-hint">
                      {format(t.index.updated, { time: dateTimeFormat.format(new Date(project.updatedAt)) })}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <form className="wb-box wb-create" onSubmit={submit} aria-labelledby="wb-create">
          <h2 id="wb-create" className="wb-box__title">
            {t.index.create}
          </h2>
          <label className="wb-field">
            <span>{t.index.name}</span>
            <input
              className="input"
              required
              maxLength={80}
              value={name}
              placeholder={t.index.namePlaceholder}
              onChange={(event) => setName(event.target.value)}
            />
          </label>
          <label className="wb-field">
            <span>{t.index.team}</span>
            <input
              className="input"
              maxLength={80}
              value={team}
              placeholder={t.index.teamPlaceholder}
              onChange={(event) => setTeam(event.target.value)}
            />
          </label>
          <label className="wb-field">
            <span>{t.index.motion}</span>
            <input
              className="input"
              maxLength={200}
              value={motion}
              placeholder={t.index.motionPlaceholder}
              onChange={(event) => setMotion(event.target.value)}
            />
          </label>
          <button type="submit" className="btn btn--primary" disabled={actions.create.isPending}>
            {actions.create.isPending ? t.index.creating : t.index.create}
          </button>
        </form>
      </div>
    </div>
  );
}
