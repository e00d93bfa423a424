import { useDeferredValue, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { library as libraryText } from '../../../i18n/zh-CN/library';
import { useTRPC } from '../../../lib/api/trpc';
import { useAccount, useRegions, useSchools } from '../api/library-queries';
import { errorText } from '../text';
import '../library.css';

const t = libraryText;
const ts = t.schools;

/** `/schools`: the directory with search and a region filter; signed-in users add schools (duplicates merge). */
export function SchoolsPage() {
  const account = useAccount();
  const [q, setQ] = useState('');
  const [region, setRegion] = useState('');
  const deferred = useDeferredValue(q);
  const schools = useSchools(deferred, region);
  const regions = useRegions();
  return (
    <div className="lib-page">
      <header className="lib-head">
        <div>
          <h1 className="lib-title">{ts.title}</h1>
          <p className="lib-lead">{ts.lead}</p>
        </div>
      </header>
      <div className="lib-filters">
        <input
          className="input lib-search__input"
          type="search"
          placeholder={ts.searchPlaceholder}
          aria-label={ts.search}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          data-testid="school-search"
        />
        <select
          className="input"
          aria-label={ts.allRegions}
          value={region}
          onChange={(e) => setRegion(e.target.value)}
        >
          <option value="">{ts.allRegions}</option>
          {(regions.data ?? []).map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      {schools.isError ? <p className="lib-error">{t.loadFailed}</p> : null}
      {schools.data && schools.data.length === 0 ? <p className="lib-empty">{ts.empty}</p> : null}
      <ul className="lib-school-list" data-testid="school-list">
        {(schools.data ?? []).map((school) => (
          <li key={school.id}>
            <Link className="lib-group" to={`/schools/${school.id}`}>
              <span className="lib-group__name">{school.name}</span>
              <span className="lib-muted">
                {[school.shortName, school.region, school.country].filter(Boolean).join(' · ')}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {account.data ? <AddSchoolForm /> : null}
    </div>
  );
}

function AddSchoolForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const add = useMutation({
    ...trpc.library.schools.add.mutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.library.schools.pathKey() }),
  });
  const [value, setValue] = useState({ name: '', shortName: '', region: '', country: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { school: value },
      {
        onSuccess: (result) => {
          toast.success(result.merged ? ts.merged : ts.added);
          setValue({ name: '', shortName: '', region: '', country: '' });
        },
        onError: (error) => void toast.error(errorText(error, t.generic)),
      },
    );
  };
  const field = (key: keyof typeof value, label: string) => (
    <label className="lib-field">
      <span>{label}</span>
      <input
        className="input"
        value={value[key]}
        onChange={(e) => setValue((all) => ({ ...all, [key]: e.target.value }))}
      />
    </label>
  );
  return (
    <form className="lib-form" onSubmit={submit} aria-label={ts.add}>
      <h2 className="lib-subtitle lib-field--wide">{ts.add}</h2>
      {field('name', ts.name)}
      {field('shortName', ts.shortName)}
      {field('region', ts.region)}
      {field('country', ts.country)}
      <div className="lib-field--wide">
        <button
          type="submit"
          className="btn btn--primary btn--sm"
          disabled={add.isPending || !value.name.trim()}
        >
          {ts.add}
        </button>
      </div>
    </form>
  );
}
