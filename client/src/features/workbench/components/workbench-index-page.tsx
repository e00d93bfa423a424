import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { ProjectIndexPage } from '../../../components/projects/project-index';
import { workbench as workbenchText } from '../../../i18n/zh-CN/workbench';
import { useProjects } from '../../../components/projects/project-queries';
import { useWorkbenchActions } from '../api/workbench-queries';
import { errorText } from '../../../components/projects/error-text';
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
    <ProjectIndexPage
      title={t.index.title}
      lead={t.index.lead}
      listTitle={t.index.mine}
      empty={t.index.empty}
      failed={projects.isError}
      items={projects.data?.map((project) => ({
        id: project.id,
        to: `/workbench/${project.id}`,
        name: project.name,
        meta: [project.team, project.motion].filter(Boolean).join(' · '),
        badges: [t.roles[project.role]],
        updatedAt: project.updatedAt,
      }))}
    >
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
    </ProjectIndexPage>
  );
}
