import { resultSheetSchema, type ResultSheet } from '@bianshi/shared';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { dateTimeFormat, format } from '../../../i18n';
import { library as libraryText } from '../../../i18n/zh-CN/library';
import { FlowTable } from '../../../components/flow-table/flow-table';
import { useAccount, useRecord, useRecordFlows, useUpdateResult } from '../api/library-queries';
import { downloadText } from '../../../lib/browser/download';
import { errorText, mmss } from '../text';
import { RecordChart } from './record-chart';
import '../library.css';

const t = libraryText;
const tr = t.record;

type RecordData = NonNullable<ReturnType<typeof useRecord>['data']>;

const quote = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The record as CSV: the stage rows, then the result sheet as label/value rows. */
function recordCsv(record: RecordData): string {
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  const rows: Array<Array<string | number>> = [
    ['阶段', '名称', '方', '分配(秒)', '已用(秒)', '超时(秒)', '暂停次数', '响铃次数'],
  ];
  for (const row of record.stages)
    rows.push([
      row.index + 1,
      row.name,
      row.side ? record.sides[row.side] : '—',
      seconds(row.allottedMs),
      seconds(row.usedMs),
      seconds(row.overtimeMs),
      row.pauses,
      row.bells,
    ]);
  const sheet = record.result;
  rows.push([], ['成绩单'], ['辩题', sheet.topic]);
  for (const side of ['aff', 'neg'] as const)
    rows.push([
      record.sides[side],
      sheet.teams[side].name,
      sheet.teams[side].school,
      sheet.teams[side].debaters.join('、'),
    ]);
  rows.push(['胜方', sheet.winner ? record.sides[sheet.winner] : '']);
  rows.push(['票型', sheet.ballots ? `${sheet.ballots.aff}:${sheet.ballots.neg}` : '']);
  rows.push(['最佳辩手', sheet.bestDebater]);
  rows.push([
    '评委',
    sheet.judges
      .map((judge) => `${judge.name}${judge.vote ? `（${record.sides[judge.vote]}）` : ''}`)
      .join('、'),
  ]);
  rows.push(['评语', sheet.comments]);
  return rows.map((row) => row.map(quote).join(',')).join('\r\n');
}

/** `/record/:match`: the timeline chart, totals, bells and pauses, the result sheet, exports and a one-page A4 print. */
export function RecordPage() {
  const { match = '' } = useParams();
  const record = useRecord(match);
  // 我的比赛记录 is a signed-in account's list: an anonymous visitor of a public record has none.
  const signedIn = Boolean(useAccount().data);
  const [editing, setEditing] = useState(false);
  if (record.isPending) return <div className="lib-page lib-muted">{t.loading}</div>;
  if (record.isError || !record.data)
    return (
      <div className="lib-page lib-error" data-testid="record-error">
        {errorText(record.error, t.loadFailed)}
      </div>
    );
  const data = record.data;
  const title = `${format(t.records.vs, { aff: data.result.teams.aff.name || data.sides.aff, neg: data.result.teams.neg.name || data.sides.neg })}`;
  const base = `比赛记录-${data.timerShortid}-${data.matchId}`;
  return (
    <div className="lib-page lib-record-page">
      <header className="lib-head">
        <div>
          {signedIn ? (
            <p className="lib-muted lib-print-hide" data-testid="my-records-link">
              <Link to="/record">{t.records.title}</Link>
            </p>
          ) : null}
          <h1 className="lib-title">{title}</h1>
          <p className="lib-lead">
            {data.format.name} · {t.records.status[data.status] ?? data.status}
            {data.startedAt
              ? ` · ${format(tr.startedAt, { time: dateTimeFormat.format(data.startedAt) })}`
              : ''}
          </p>
          <p className="lib-muted">{format(tr.timer, { name: data.timerName })}</p>
        </div>
        <div className="lib-row lib-print-hide">
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => downloadText(`${base}.csv`, `\ufeff${recordCsv(data)}`, 'text/csv;charset=utf-8')}
            data-testid="record-csv"
          >
            {tr.exportCsv}
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => downloadText(`${base}.json`, JSON.stringify(data, null, 2), 'application/json')}
            data-testid="record-json"
          >
            {tr.exportJson}
          </button>
          <button type="button" className="btn btn--primary btn--sm" onClick={() => window.print()}>
            {tr.print}
          </button>
        </div>
      </header>

      <section className="lib-card" aria-labelledby="lib-chart-title">
        <h2 id="lib-chart-title" className="lib-subtitle">
          {tr.chart}
        </h2>
        {data.startedAt === null ? <p className="lib-muted">{tr.notStarted}</p> : null}
        <RecordChart rows={data.stages} sides={data.sides} />
        <div className="lib-totals">
          {(['aff', 'neg'] as const).map((side) => (
            <p key={side} className="lib-total" data-testid={`total-${side}`}>
              <span className={`lib-side lib-side--${side}`}>{data.sides[side]}</span> {tr.totals}{' '}
              <strong>{mmss(data.totals[side].usedMs)}</strong>
              {data.totals[side].overtimeMs > 0 ? (
                <strong className="lib-over">{` +${mmss(data.totals[side].overtimeMs)}`}</strong>
              ) : null}
              {data.timeoutsUsed[side] ? (
                <span className="lib-muted">{` · ${format(tr.timeouts, { n: data.timeoutsUsed[side] })}`}</span>
              ) : null}
            </p>
          ))}
        </div>
        <TimelineNotes data={data} />
      </section>

      <section className="lib-card lib-sheet" aria-labelledby="lib-sheet-title" data-testid="result-sheet">
        <div className="lib-row lib-row--between">
          <h2 id="lib-sheet-title" className="lib-subtitle">
            {tr.resultSheet}
          </h2>
          {data.canEdit && !editing ? (
            <button
              type="button"
              className="btn btn--secondary btn--sm lib-print-hide"
              onClick={() => setEditing(true)}
              data-testid="edit-result"
            >
              {tr.edit}
            </button>
          ) : null}
        </div>
        {editing ? <ResultForm data={data} onDone={() => setEditing(false)} /> : <ResultView data={data} />}
        <p className="lib-print-only lib-muted">{tr.generated}</p>
      </section>
      <RecordFlows matchId={data.matchId} />
    </div>
  );
}

/** Judges' flows attached to this record (after the match, by each judge). */
function RecordFlows({ matchId }: { matchId: string }) {
  const flows = useRecordFlows(matchId);
  if (!flows.data?.length) return null;
  return (
    <section className="lib-card" aria-labelledby="lib-flows-title" data-testid="record-flows">
      <h2 id="lib-flows-title" className="lib-subtitle">
        {tr.flows}
      </h2>
      {flows.data.map((flow) => (
        <article key={flow.projectId} className="lib-flow">
          <h3 className="lib-flow__title">{flow.title}</h3>
          <p className="lib-muted">
            {format(tr.flowBy, { judge: flow.judgeName, time: dateTimeFormat.format(flow.attachedAt) })}
          </p>
          <FlowTable title={flow.title} columns={flow.columns} boxes={flow.boxes} />
        </article>
      ))}
    </section>
  );
}

function TimelineNotes({ data }: { data: RecordData }) {
  const nameOf = (index: number) => data.stages.find((row) => row.index === index)?.name ?? `#${index + 1}`;
  const since = (at: number) => (data.startedAt === null ? '' : mmss(Math.max(0, at - data.startedAt)));
  if (data.pauses.length === 0 && data.bells.length === 0) return null;
  return (
    <div className="lib-columns lib-columns--tight">
      {data.pauses.length > 0 ? (
        <div>
          <h3 className="lib-season__title">{tr.pauseList}</h3>
          <ul className="lib-plain lib-small">
            {data.pauses.slice(0, 12).map((pause, index) => (
              <li key={index}>
                {since(pause.fromAt)} {nameOf(pause.stageIndex)}
                {pause.toAt !== null ? ` · ${mmss(pause.toAt - pause.fromAt)}` : ''}
              </li>
            ))}
          </ul>
          {data.pauses.length > 12 ? (
            <p className="lib-muted lib-small">{format(tr.listMore, { n: data.pauses.length - 12 })}</p>
          ) : null}
        </div>
      ) : null}
      {data.bells.length > 0 ? (
        <div>
          <h3 className="lib-season__title">{tr.bellList}</h3>
          <ul className="lib-plain lib-small">
            {data.bells.slice(0, 12).map((bell, index) => (
              <li key={index}>
                {since(bell.at)} {nameOf(bell.stageIndex)}
                {bell.side ? ` · ${data.sides[bell.side]}` : ''} · {'🔔'.repeat(Math.min(bell.count, 3))}
              </li>
            ))}
          </ul>
          {data.bells.length > 12 ? (
            <p className="lib-muted lib-small" data-testid="record-bells-more">
              {format(tr.listMore, { n: data.bells.length - 12 })}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function ResultView({ data }: { data: RecordData }) {
  const sheet = data.result;
  return (
    <dl className="lib-sheet__grid">
      <dt>{tr.topic}</dt>
      <dd>{sheet.topic || '—'}</dd>
      {(['aff', 'neg'] as const).map((side) => (
        <div key={side} className="lib-sheet__pair">
          <dt>
            <span className={`lib-side lib-side--${side}`}>{data.sides[side]}</span>
          </dt>
          <dd>
            <strong>{sheet.teams[side].name || '—'}</strong>{' '}
            {sheet.teams[side].school ? <span className="lib-muted">{sheet.teams[side].school}</span> : null}
            {sheet.teams[side].debaters.length ? (
              <div className="lib-muted">{sheet.teams[side].debaters.join('、')}</div>
            ) : null}
          </dd>
        </div>
      ))}
      <dt>{tr.winner}</dt>
      <dd data-testid="result-winner">{sheet.winner ? data.sides[sheet.winner] : tr.noWinner}</dd>
      <dt>{tr.ballots}</dt>
      <dd data-testid="result-ballots">
        {sheet.ballots ? `${sheet.ballots.aff}:${sheet.ballots.neg}` : '—'}
      </dd>
      <dt>{tr.bestDebater}</dt>
      <dd>{sheet.bestDebater || '—'}</dd>
      <dt>{tr.judges}</dt>
      <dd>
        {sheet.judges.length
          ? sheet.judges
              .map((judge) => `${judge.name}${judge.vote ? `（${data.sides[judge.vote]}）` : ''}`)
              .join('、')
          : '—'}
      </dd>
      <dt>{tr.comments}</dt>
      <dd className="lib-sheet__comments">{sheet.comments || '—'}</dd>
      <dt className="lib-print-only">{tr.signature}</dt>
      <dd className="lib-print-only lib-sheet__sign" />
    </dl>
  );
}

function ResultForm({ data, onDone }: { data: RecordData; onDone: () => void }) {
  const update = useUpdateResult();
  const [sheet, setSheet] = useState<ResultSheet>(data.result);
  const [error, setError] = useState<string | null>(null);
  const setTeam = (side: 'aff' | 'neg', key: 'name' | 'school', value: string) =>
    setSheet((all) => ({ ...all, teams: { ...all.teams, [side]: { ...all.teams[side], [key]: value } } }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = resultSheetSchema.safeParse(sheet);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? t.generic);
    update.mutate(
      { matchId: data.matchId, result: parsed.data },
      {
        onSuccess: () => {
          toast.success(tr.saved);
          onDone();
        },
        onError: (failure) => setError(errorText(failure, t.generic)),
      },
    );
  };
  return (
    <form className="lib-form" onSubmit={submit} data-testid="result-form">
      <label className="lib-field lib-field--wide">
        <span>{tr.topic}</span>
        <input
          className="input"
          value={sheet.topic}
          maxLength={300}
          onChange={(e) => setSheet((all) => ({ ...all, topic: e.target.value }))}
        />
      </label>
      {(['aff', 'neg'] as const).map((side) => (
        <fieldset key={side} className="lib-fieldset">
          <legend>{data.sides[side]}</legend>
          <label className="lib-field">
            <span>{tr.name}</span>
            <input
              className="input"
              value={sheet.teams[side].name}
              maxLength={80}
              onChange={(e) => setTeam(side, 'name', e.target.value)}
            />
          </label>
          <label className="lib-field">
            <span>{tr.schoolName}</span>
            <input
              className="input"
              value={sheet.teams[side].school}
              maxLength={80}
              onChange={(e) => setTeam(side, 'school', e.target.value)}
            />
          </label>
        </fieldset>
      ))}
      <label className="lib-field">
        <span>{tr.winner}</span>
        <select
          className="input"
          value={sheet.winner ?? ''}
          onChange={(e) =>
            setSheet((all) => ({
              ...all,
              winner: e.target.value === 'aff' || e.target.value === 'neg' ? e.target.value : null,
            }))
          }
          data-testid="winner-select"
        >
          <option value="">{tr.noWinner}</option>
          <option value="aff">{data.sides.aff}</option>
          <option value="neg">{data.sides.neg}</option>
        </select>
      </label>
      <label className="lib-field">
        <span>{`${tr.ballots}（${data.sides.aff}:${data.sides.neg}）`}</span>
        <input
          className="input"
          placeholder="3:2"
          defaultValue={sheet.ballots ? `${sheet.ballots.aff}:${sheet.ballots.neg}` : ''}
          onChange={(e) => {
            const match = e.target.value.trim().match(/^(\d{1,2})\s*[:：]\s*(\d{1,2})$/);
            setSheet((all) => ({
              ...all,
              ballots: match ? { aff: Number(match[1]), neg: Number(match[2]) } : null,
            }));
          }}
          data-testid="ballots-input"
        />
      </label>
      <label className="lib-field">
        <span>{tr.bestDebater}</span>
        <input
          className="input"
          value={sheet.bestDebater}
          maxLength={40}
          onChange={(e) => setSheet((all) => ({ ...all, bestDebater: e.target.value }))}
        />
      </label>
      <label className="lib-field">
        <span>{`${tr.judges}（用、分隔）`}</span>
        <input
          className="input"
          defaultValue={sheet.judges.map((judge) => judge.name).join('、')}
          onChange={(e) => {
            const names = e.target.value
              .split(/[、,，;；]/)
              .map((name) => name.trim())
              .filter(Boolean);
            setSheet((all) => ({
              ...all,
              judges: names.map(
                (name) => all.judges.find((judge) => judge.name === name) ?? { name, vote: null },
              ),
            }));
          }}
        />
      </label>
      <label className="lib-field lib-field--wide">
        <span>{tr.comments}</span>
        <textarea
          className="input"
          rows={3}
          value={sheet.comments}
          maxLength={4000}
          onChange={(e) => setSheet((all) => ({ ...all, comments: e.target.value }))}
        />
      </label>
      {error ? (
        <p className="lib-error lib-field--wide" role="alert">
          {error}
        </p>
      ) : null}
      <div className="lib-row lib-field--wide">
        <button type="submit" className="btn btn--primary btn--sm" disabled={update.isPending}>
          {tr.save}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onDone}>
          {tr.cancel}
        </button>
      </div>
    </form>
  );
}
