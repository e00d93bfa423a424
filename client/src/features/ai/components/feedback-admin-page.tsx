import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { format } from '../../../i18n';
import { lazyFormat } from '../../../i18n/format';
import { ai as aiText } from '../../../i18n/zh-CN/ai';
import { useTRPC } from '../../../lib/api/trpc';

const t = aiText.admin;
const time = lazyFormat<Date>(
  () => new Intl.DateTimeFormat('zh-CN', { dateStyle: 'short', timeStyle: 'short' }),
);

/** `/admin/ai` (admins only): thumbs up/down on assistant answers, with the question and answer. */
export function AiFeedbackAdminPage() {
  const trpc = useTRPC();
  const [rating, setRating] = useState<'up' | 'down' | undefined>(undefined);
  const list = useQuery(trpc.ai.feedbackList.queryOptions({ ...(rating ? { rating } : {}), limit: 200 }));
  const data = list.data;
  return (
    <div className="ai-admin">
      <header className="page-head">
        <h1>{t.title}</h1>
        <p className="page-head__lead">{t.lead}</p>
      </header>
      <div className="ai-admin__bar" role="group" aria-label={t.rating}>
        {([undefined, 'up', 'down'] as const).map((value) => (
          <button
            key={value ?? 'all'}
            type="button"
            className="create-chip"
            aria-pressed={rating === value}
            onClick={() => setRating(value)}
          >
            {value ? t[value] : t.all}
          </button>
        ))}
        {data ? <span className="ai-muted">{format(t.counts, { up: data.up, down: data.down })}</span> : null}
      </div>
      {list.isPending ? <p>{t.loading}</p> : null}
      {list.error ? <p role="alert">{format(t.failed, { message: list.error.message })}</p> : null}
      {data && data.rows.length === 0 ? <p>{t.none}</p> : null}
      {data && data.rows.length > 0 ? (
        <table className="table ai-admin__table">
          <thead>
            <tr>
              <th scope="col">{t.time}</th>
              <th scope="col">{t.rating}</th>
              <th scope="col">{t.question}</th>
              <th scope="col">{t.answer}</th>
              <th scope="col">{t.sources}</th>
              <th scope="col">{t.mode}</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.id} data-rating={row.rating}>
                <td>{time.format(new Date(row.createdAt))}</td>
                <td>{row.rating === 'up' ? t.up : t.down}</td>
                <td>{row.question}</td>
                <td className="ai-admin__answer">{row.answer}</td>
                <td>
                  {row.sources.map((href) => (
                    <Link key={href} to={href} className="ai-admin__source">
                      {decodeURIComponent(href)}
                    </Link>
                  ))}
                </td>
                <td>{t.modes[row.mode as 'provider' | 'deterministic'] ?? row.mode}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
