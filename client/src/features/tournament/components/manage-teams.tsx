import { checkTournamentTeamsCsv, TOURNAMENT_TEAM_CSV_TEMPLATE } from '@bianshi/shared';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState, type ChangeEvent } from 'react';
import { toast } from '../../../lib/toast';
import { format } from '../../../i18n';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { downloadText } from '../../../lib/browser/download';
import { useTRPC } from '../../../lib/api/trpc';
import type { SectionProps } from './manage-page';

const t = tournamentText.teamsImport;
const MAX_CSV_BYTES = 1_000_000;

/** Teams: the list, adding from the school library, and a CSV import with every row/column error shown. */
export function TeamsSection({ view, actions }: SectionProps) {
  const pools = new Map(
    view.stages.flatMap((stage) => stage.pools.map((pool) => [pool.id, pool.name] as const)),
  );
  return (
    <div className="tm-stack">
      <p className="tm-muted">{format(t.count, { n: view.teams.length })}</p>
      {view.teams.length === 0 ? (
        <p className="tm-empty">{t.empty}</p>
      ) : (
        <div className="tm-table-scroll">
          <table className="tm-table" data-testid="tm-team-table">
            <thead>
              <tr>
                <th scope="col" className="tm-table__name">
                  {tournamentText.standings.team}
                </th>
                <th scope="col">{tournamentText.teams.school}</th>
                <th scope="col">{tournamentText.teams.seed}</th>
                <th scope="col">{tournamentText.teams.pool}</th>
                <th scope="col">{tournamentText.teams.members}</th>
                <th scope="col" aria-label={t.remove} />
              </tr>
            </thead>
            <tbody>
              {view.teams.map((team) => (
                <tr key={team.id}>
                  <td className="tm-table__name">{team.name}</td>
                  <td>{team.school}</td>
                  <td>{team.seed ?? ''}</td>
                  <td>{team.poolId ? (pools.get(team.poolId) ?? '') : ''}</td>
                  <td className="tm-table__wrap">{team.members.join('、')}</td>
                  <td>
                    {!team.poolId && (
                      <button
                        type="button"
                        className="btn btn--ghost btn--sm"
                        onClick={() => actions.removeTeam.mutate({ tournamentId: view.id, teamId: team.id })}
                      >
                        {t.remove}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="tm-split">
        <LibraryAdd {...{ view, actions }} />
        <CsvImport {...{ view, actions }} />
      </div>
    </div>
  );
}

function LibraryAdd({ view, actions }: SectionProps) {
  const trpc = useTRPC();
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q.trim());
  const schools = useQuery({
    ...trpc.library.schools.search.queryOptions({ q: deferred, limit: 8 }),
    enabled: deferred.length > 0,
    placeholderData: (previous) => previous,
  });
  const add = (schoolId: string, name: string) =>
    actions.importTeams.mutate(
      { tournamentId: view.id, import: { source: 'library', entries: [{ schoolId, name }] } },
      {
        onSuccess: (result) =>
          void (result.ok
            ? toast.success(format(t.imported, { n: result.added }))
            : toast.error(result.errors.map((e) => e.message).join('；'))),
      },
    );
  return (
    <div className="tm-card-box">
      <h3 className="tm-card-box__title">{t.fromSchools}</h3>
      <input
        className="input"
        type="search"
        value={q}
        placeholder={t.schoolSearchPlaceholder}
        aria-label={t.schoolSearch}
        onChange={(e) => setQ(e.target.value)}
        data-testid="tm-school-search"
      />
      {deferred && schools.data && schools.data.length === 0 && <p className="tm-muted">{t.noSchools}</p>}
      <ul className="tm-pick-list">
        {(deferred ? (schools.data ?? []) : []).map((school) => (
          <li key={school.id}>
            <span>{school.name}</span>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={actions.importTeams.isPending}
              onClick={() => add(school.id, '')}
            >
              {t.add}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function CsvImport({ view, actions }: SectionProps) {
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ row: number; column: string; message: string }[]>([]);
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_CSV_BYTES) {
      toast.error(t.tooBig);
      return;
    }
    setText(await file.text());
    setErrors([]);
  };
  const submit = () => {
    // Checked here first (the same rules as the hub) so row/column errors show without a round trip.
    const checked = checkTournamentTeamsCsv(
      text,
      view.teams.map((team) => team.name),
    );
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    actions.importTeams.mutate(
      { tournamentId: view.id, import: { source: 'csv', text } },
      {
        onSuccess: (result) => {
          if (result.ok) {
            toast.success(format(t.imported, { n: result.added }));
            setText('');
            setErrors([]);
          } else {
            setErrors(result.errors);
          }
        },
      },
    );
  };
  return (
    <div className="tm-card-box">
      <h3 className="tm-card-box__title">{t.fromCsv}</h3>
      <p className="tm-muted">{t.csvHint}</p>
      <div className="tm-row">
        <label className="btn btn--ghost btn--sm tm-file">
          {t.chooseFile}
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => void onFile(e)}
            data-testid="tm-csv-file"
          />
        </label>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() =>
            downloadText('队伍模板.csv', `\uFEFF${TOURNAMENT_TEAM_CSV_TEMPLATE}`, 'text/csv;charset=utf-8')
          }
        >
          {t.template}
        </button>
      </div>
      <textarea
        className="input tm-textarea tm-mono"
        rows={6}
        value={text}
        placeholder={t.paste}
        aria-label={t.paste}
        aria-invalid={errors.length > 0 ? 'true' : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setErrors([]);
        }}
        data-testid="tm-csv-text"
      />
      {errors.length > 0 && (
        <div className="tm-import-errors" role="alert" data-testid="tm-csv-errors">
          <p>{format(t.errorsTitle, { n: errors.length })}</p>
          <ul>
            {errors.map((error, index) => (
              <li key={index}>
                {error.row > 0
                  ? format(t.rowError, {
                      row: error.row,
                      column: error.column || '—',
                      message: error.message,
                    })
                  : error.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <button
          type="button"
          className="btn btn--primary btn--sm"
          disabled={!text.trim() || actions.importTeams.isPending}
          onClick={submit}
          data-testid="tm-csv-import"
        >
          {t.importButton}
        </button>
      </div>
    </div>
  );
}
