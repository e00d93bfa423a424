import { library as libraryText } from '../../../i18n/zh-CN/library';

const t = libraryText;

/** A topic as cards show it. */
export interface TopicView {
  id: string;
  groupId: string;
  text: string;
  affText: string;
  negText: string;
  type: string | null;
  tags: string[];
  /** zh or en (the new-timer dialog offers formats of this language first). */
  language?: string;
  source: { tournament: string; round: string; year: number | null };
  notes: string;
  infoSlide: string;
}

/** 1993 国际大专辩论会 · 决赛 — only the parts that are known. */
export function sourceText(source: TopicView['source']): string {
  const parts = [source.tournament, source.round].filter(Boolean);
  if (source.year && !source.tournament.includes(String(source.year))) parts.unshift(String(source.year));
  return parts.join(' · ');
}

/** One topic: the motion, both sides' wording when they differ, type, tags, source and actions. */
export function TopicCard({
  topic,
  favourite,
  onFavourite,
  onUse,
  groupName,
}: {
  topic: TopicView;
  favourite?: boolean | undefined;
  onFavourite?: (() => void) | undefined;
  onUse?: (() => void) | undefined;
  groupName?: string | undefined;
}) {
  const source = sourceText(topic.source);
  const differs = topic.affText && topic.negText && topic.affText !== topic.negText;
  return (
    <article className="lib-topic" data-testid="topic-card" data-topic-id={topic.id}>
      <div className="lib-topic__main">
        <h3 className="lib-topic__text">{topic.text}</h3>
        {differs ? (
          <p className="lib-topic__sides">
            <span className="lib-side lib-side--aff">{t.sides.aff}</span> {topic.affText}
            <span className="lib-topic__sep" aria-hidden="true" />
            <span className="lib-side lib-side--neg">{t.sides.neg}</span> {topic.negText}
          </p>
        ) : null}
        <p className="lib-topic__meta">
          {topic.type ? <span className="badge">{t.types[topic.type] ?? topic.type}</span> : null}
          {topic.tags.map((tag) => (
            <span key={tag} className="chip">
              {tag}
            </span>
          ))}
          {source ? <span className="lib-muted">{`${t.topics.source}：${source}`}</span> : null}
          {groupName ? <span className="lib-muted">{groupName}</span> : null}
        </p>
        {topic.notes ? <p className="lib-topic__notes">{topic.notes}</p> : null}
      </div>
      <div className="lib-topic__actions">
        {onFavourite ? (
          <button
            type="button"
            className="icon-btn"
            aria-pressed={favourite}
            aria-label={favourite ? t.topics.unfavourite : t.topics.favourite}
            title={favourite ? t.topics.unfavourite : t.topics.favourite}
            onClick={onFavourite}
          >
            {favourite ? '★' : '☆'}
          </button>
        ) : null}
        {onUse ? (
          <button type="button" className="btn btn--secondary btn--sm" onClick={onUse}>
            {t.topics.useInTimer}
          </button>
        ) : null}
      </div>
    </article>
  );
}
