import { BUILTIN_FORMATS } from '@bianshi/shared';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { dateTimeFormat, format } from '../../../i18n';
import { library as libraryText } from '../../../i18n/zh-CN/library';
import { useAccount, useMyRecords } from '../api/library-queries';
import '../library.css';

const t = libraryText;
const tr = t.records;

const dayStart = (value: string) => (value ? new Date(`${value}T00:00:00`).getTime() : undefined);
const dayEnd = (value: string) => (value ? new Date(`${value}T23:59:59.999`).getTime() : undefined);

/** `/record`: my matches (timers I own or am a member of), filtered by date, format, school and topic. */
export function RecordsPage() {
  const account = useAccount();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [formatId, setFormatId] = useState('');
  const [school, setSchool] = useState('');
  const [topic, setTopic] = useState('');
  const filters = useDeferredValue({
    ...(dayStart(from) !== undefined ? { from: dayStart(from) } : {}),
    ...(dayEnd(to) !== undefined ? { to: dayEnd(to) } : {}),
    ...(formatId ? { formatId } : {}),
    ...(school.trim() ? { school: school.trim() } : {}),
    ...(topic.trim() ? { topic: topic.trim() } : {}),
  });
  const records = useMyRecords(filters, Boolean(account.data));
  if (account.isSuccess && !account.data) {
    return (
      <div className="lib-page">
        <h1 className="lib-title">{tr.title}</h1>
        <p className="lib-lead">{tr.signIn}</p>
        <Link className="btn btn--primary" to={`/auth/login?redirect=${encodeURIComponent('/record')}`}>
          {libraryText.signInRequired}
        </Link>
      </div>
    );
  }
  return (
    <div className="lib-page">
      <header className="lib-head">
        <div>
          <h1 className="lib-title">{tr.title}</h1>
          <p className="lib-lead">{tr.lead}</p>
        </div>
      </header>
      <div className="lib-filters">
        <label className="lib-field">
          <span>{tr.from}</span>
          <input className="input" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="lib-field">
          <span>{tr.to}</span>
          <input className="input" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <label className="lib-field">
          <span>{tr.format}</span>
          <select className="input" value={formatId} onChange={(e) => setFormatId(e.target.value)}>
            <option value="">{tr.allFormats}</option>
            {BUILTIN_FORMATS.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </label>
        <label className="lib-field">
          <span>{tr.school}</span>
          <input className="input" value={school} onChange={(e) => setSchool(e.target.value)} />
        </label>
        <label className="lib-field">
          <span>{tr.topic}</span>
          <input className="input" value={topic} onChange={(e) => setTopic(e.target.value)} />
        </label>
      </div>
      {records.isError ? <p className="lib-error">{t.loadFailed}</p> : null}
      {records.data && records.data.length === 0 ? <p className="lib-empty">{tr.empty}</p> : null}
      <ul className="lib-record-list" data-testid="my-records">
        {(records.data ?? []).map((record) => (
          <li key={record.matchId}>
            <Link to={`/record/${record.matchId}`} className="lib-record">
              <span className={`lib-outcome lib-outcome--${record.status === 'finished' ? 'won' : 'none'}`}>
                {tr.status[record.status] ?? record.status}
              </span>
              <span className="lib-record__main">
                <span>
                  {format(tr.vs, {
                    aff: record.result.teams.aff.name || tr.unnamed,
                    neg: record.result.teams.neg.name || tr.unnamed,
                  })}
                </span>
                <span className="lib-muted">
                  {record.timerName} · {record.format.name} · {dateTimeFormat.format(record.createdAt)}
                  {record.result.topic ? ` · ${record.result.topic}` : ''}
                  {record.ballots ? ` · ${record.ballots}` : ''}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
