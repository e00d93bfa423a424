import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { format } from '../../../i18n';
import { library as libraryText } from '../../../i18n/zh-CN/library';
import { dateTimeFormat } from '../../../i18n';
import { useTRPC } from '../../../lib/api/trpc';
import { useAccount, useSchoolPage } from '../api/library-queries';
import { errorText } from '../text';
import '../library.css';

const t = libraryText;
const ts = t.schools;

/** `/schools/:schoolId`: the school, its teams by season, debaters, public match records and win/loss. */
export function SchoolPage() {
  const { schoolId = '' } = useParams();
  const page = useSchoolPage(schoolId);
  const account = useAccount();
  if (page.isPending) return <div className="lib-page lib-muted">{t.loading}</div>;
  if (page.isError || !page.data)
    return <div className="lib-page lib-error">{errorText(page.error, t.loadFailed)}</div>;
  const { school, teams, debaters, records, wins, losses } = page.data;
  const seasons = [...new Set(teams.map((team) => team.season))];
  return (
    <div className="lib-page">
      <Link to="/schools" className="lib-back">
        ← {ts.back}
      </Link>
      <header className="lib-head">
        <div>
          <h1 className="lib-title">{school.name}</h1>
          <p className="lib-lead">
            {[school.shortName, school.region, school.country].filter(Boolean).join(' · ')}
          </p>
          {school.aliases.length ? (
            <p className="lib-muted">{format(ts.aliases, { list: school.aliases.join('、') })}</p>
          ) : null}
          {school.website ? (
            <a href={school.website} target="_blank" rel="noreferrer noopener">
              {school.website}
            </a>
          ) : null}
        </div>
        <p className="lib-score" data-testid="win-loss">
          {format(ts.winLoss, { w: wins, l: losses })}
        </p>
      </header>
      <div className="lib-columns">
        <section aria-labelledby="lib-teams">
          <h2 id="lib-teams" className="lib-subtitle">
            {ts.teams}
          </h2>
          {teams.length === 0 ? <p className="lib-muted">{ts.noTeams}</p> : null}
          {seasons.map((season) => (
            <div key={season} className="lib-season">
              <h3 className="lib-season__title">{format(ts.season, { season })}</h3>
              <ul className="lib-plain">
                {teams
                  .filter((team) => team.season === season)
                  .map((team) => (
                    <li key={team.id}>
                      <strong>{team.name}</strong>
                      <span className="lib-muted">
                        {team.members.map((member) => `${member.position}. ${member.name}`).join('　')}
                      </span>
                    </li>
                  ))}
              </ul>
            </div>
          ))}
          {account.data ? <AddTeamForm schoolId={school.id} /> : null}
          <h2 className="lib-subtitle">{ts.debaters}</h2>
          {debaters.length === 0 ? <p className="lib-muted">{ts.noDebaters}</p> : null}
          <ul className="lib-plain lib-plain--inline">
            {debaters.map((debater) => (
              <li key={debater.id}>
                {debater.name} <span className="lib-muted">{debater.seasons.join('、')}</span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="lib-records">
          <h2 id="lib-records" className="lib-subtitle">
            {ts.records}
          </h2>
          {records.length === 0 ? <p className="lib-muted">{ts.noRecords}</p> : null}
          <ul className="lib-record-list" data-testid="school-records">
            {records.map((record) => (
              <li key={record.matchId}>
                <Link to={`/record/${record.matchId}`} className="lib-record">
                  <span
                    className={`lib-outcome lib-outcome--${record.won === true ? 'won' : record.won === false ? 'lost' : 'none'}`}
                  >
                    {record.won === true ? ts.won : record.won === false ? ts.lost : ts.undecided}
                  </span>
                  <span className="lib-record__main">
                    <span>
                      {format(t.records.vs, {
                        aff: record.result.teams.aff.name || t.records.unnamed,
                        neg: record.result.teams.neg.name || t.records.unnamed,
                      })}
                    </span>
                    <span className="lib-muted">
                      {record.result.topic || record.format.name} · {dateTimeFormat.format(record.createdAt)}
                      {record.ballots ? ` · ${record.ballots}` : ''}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

function AddTeamForm({ schoolId }: { schoolId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const add = useMutation({
    ...trpc.library.schools.addTeam.mutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.library.schools.pathKey() }),
  });
  const [value, setValue] = useState({ name: '', season: String(new Date().getFullYear()), members: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const members = value.members
      .split(/[;；,，、]/)
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name, index) => ({ name, position: index + 1 }));
    add.mutate(
      { team: { schoolId, name: value.name, season: value.season, members } },
      {
        onSuccess: () => {
          toast.success(ts.teamAdded);
          setValue((all) => ({ ...all, name: '', members: '' }));
        },
        onError: (error) => void toast.error(errorText(error, t.generic)),
      },
    );
  };
  return (
    <form className="lib-form" onSubmit={submit} aria-label={ts.addTeam}>
      <label className="lib-field">
        <span>{ts.teamName}</span>
        <input
          className="input"
          value={value.name}
          onChange={(e) => setValue((all) => ({ ...all, name: e.target.value }))}
        />
      </label>
      <label className="lib-field">
        <span>{ts.seasonLabel}</span>
        <input
          className="input"
          value={value.season}
          onChange={(e) => setValue((all) => ({ ...all, season: e.target.value }))}
        />
      </label>
      <label className="lib-field lib-field--wide">
        <span>{ts.members}</span>
        <input
          className="input"
          value={value.members}
          onChange={(e) => setValue((all) => ({ ...all, members: e.target.value }))}
        />
      </label>
      <div className="lib-field--wide">
        <button
          type="submit"
          className="btn btn--secondary btn--sm"
          disabled={add.isPending || !value.name.trim()}
        >
          {ts.addTeam}
        </button>
      </div>
    </form>
  );
}
