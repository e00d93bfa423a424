import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { format, numberFormat } from '../../i18n';
import { analytics as analyticsText } from '../../i18n/zh-CN/analytics';
import { useTRPC } from '../../lib/api/trpc';
import { analyticsDisabled, setAnalyticsDisabled } from '../../lib/analytics/tracker';
import './admin.css';

const t = analyticsText;
const RANGES = [7, 30, 90] as const;

/** `/admin/analytics` (admins only): page views, visitors, top pages and referrers by day. */
export function AnalyticsAdminPage() {
  const trpc = useTRPC();
  const [days, setDays] = useState<(typeof RANGES)[number]>(30);
  const [optedOut, setOptedOut] = useState(analyticsDisabled);
  const summary = useQuery(trpc.analytics.summary.queryOptions({ days }));
  const data = summary.data;
  const max = Math.max(1, ...(data?.days.map((d) => d.pageViews) ?? [1]));
  return (
    <div className="analytics-admin">
      <header className="page-head">
        <h1>{t.title}</h1>
        <p className="page-head__lead">{t.lead}</p>
      </header>
      <div className="analytics-admin__bar">
        <label>
          {t.range}{' '}
          <select value={days} onChange={(e) => setDays(Number(e.target.value) as (typeof RANGES)[number])}>
            {RANGES.map((n) => (
              <option key={n} value={n}>
                {format(t.days, { n })}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            checked={optedOut}
            onChange={(e) => {
              setAnalyticsDisabled(e.target.checked);
              setOptedOut(e.target.checked);
            }}
          />{' '}
          {t.optOut}
        </label>
      </div>
      {summary.isPending && <p>{t.loading}</p>}
      {summary.error && <p role="alert">{format(t.failed, { message: summary.error.message })}</p>}
      {data && !data.websiteId && <p className="notice">{t.off}</p>}
      {data?.external && <p className="notice">{format(t.external, { url: data.external })}</p>}
      {data && (
        <>
          <dl className="analytics-admin__totals">
            <div>
              <dt>{t.pageViews}</dt>
              <dd data-testid="analytics-pageviews">{numberFormat.format(data.totals.pageViews)}</dd>
            </div>
            <div>
              <dt>{t.visitors}</dt>
              <dd data-testid="analytics-visitors">{numberFormat.format(data.totals.visitors)}</dd>
            </div>
            <div>
              <dt>{t.events}</dt>
              <dd>{numberFormat.format(data.totals.events)}</dd>
            </div>
          </dl>
          <section aria-labelledby="analytics-days">
            <h2 id="analytics-days">{t.byDay}</h2>
            {data.days.length === 0 ? (
              <p>{t.none}</p>
            ) : (
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">{t.day}</th>
                    <th scope="col">{t.pageViews}</th>
                    <th scope="col">{t.visitors}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.days.map((d) => (
                    <tr key={d.day}>
                      <td>{d.day}</td>
                      <td>
                        <span
                          className="analytics-admin__bar-fill"
                          style={{ width: `${(d.pageViews / max) * 100}%` }}
                          aria-hidden="true"
                        />
                        {numberFormat.format(d.pageViews)}
                      </td>
                      <td>{numberFormat.format(d.visitors)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <div className="analytics-admin__grid">
            <section aria-labelledby="analytics-pages">
              <h2 id="analytics-pages">{t.topPages}</h2>
              <Table
                rows={data.topPages.map((p) => [p.path, p.pageViews, p.visitors])}
                head={[t.page, t.pageViews, t.visitors]}
              />
            </section>
            <section aria-labelledby="analytics-referrers">
              <h2 id="analytics-referrers">{t.referrers}</h2>
              <Table
                rows={data.referrers.map((r) => [r.host, r.pageViews])}
                head={[t.referrer, t.pageViews]}
              />
            </section>
          </div>
        </>
      )}
    </div>
  );
}

function Table({ head, rows }: { head: string[]; rows: (string | number)[][] }) {
  if (rows.length === 0) return <p>{t.none}</p>;
  return (
    <table className="table">
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={String(row[0])}>
            {row.map((cell, i) => (
              <td key={i}>{typeof cell === 'number' ? numberFormat.format(cell) : cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
