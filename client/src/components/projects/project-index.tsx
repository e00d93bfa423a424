import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { dateTimeFormat, format } from '../../i18n';
import { workbench as workbenchText } from '../../i18n/zh-CN/workbench';
import './projects.css';

const t = workbenchText;

/** One project in the list. */
export interface ProjectIndexItem {
  id: string;
  to: string;
  name: string;
  meta?: string;
  badges: string[];
  updatedAt: Date | string;
}

/**
 * The page of a kind of project (/workbench, /ccf): a heading, the account's projects, and
 * beside them the form that starts a new one (given by the feature).
 */
export function ProjectIndexPage({
  title,
  lead,
  listTitle,
  empty,
  items,
  failed,
  children,
}: {
  title: string;
  lead: string;
  listTitle: string;
  empty: string;
  items: ProjectIndexItem[] | undefined;
  /** Shown instead of the list when it could not be loaded. */
  failed: boolean;
  /** The create form (a `form.wb-box`). */
  children: ReactNode;
}) {
  return (
    <div className="wb-index">
      <header className="wb-index__head">
        <h1 className="wb-title">{title}</h1>
        <p className="wb-lead">{lead}</p>
      </header>
      <div className="wb-index__grid">
        <section className="wb-box" aria-labelledby="project-list">
          <h2 id="project-list" className="wb-box__title">
            {listTitle}
          </h2>
          {failed ? <p role="alert">{t.index.loadFailed}</p> : null}
          {items && items.length === 0 ? <p className="wb-empty">{empty}</p> : null}
          <ul className="wb-projects">
            {(items ?? []).map((item) => (
              <li key={item.id}>
                <Link to={item.to} className="wb-project">
                  <span className="wb-project__name">{item.name}</span>
                  {item.meta ? <span className="wb-project__meta">{item.meta}</span> : null}
                  <span className="wb-project__foot">
                    {item.badges.map((badge) => (
                      <span key={badge} className="badge">
                        {badge}
                      </span>
                    ))}
                    <span className="wb-hint">
                      {format(t.index.updated, { time: dateTimeFormat.format(new Date(item.updatedAt)) })}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        {children}
      </div>
    </div>
  );
}
