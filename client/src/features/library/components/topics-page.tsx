import { TOPIC_TYPES } from '@bianshi/shared';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { format } from '../../../i18n';
import { library as libraryText } from '../../../i18n/zh-CN/library';
import {
  useAccount,
  useAllTopics,
  useFavourites,
  useSetFavourite,
  useTopicGroups,
  useTRPCCreateGroup,
} from '../api/library-queries';
import { errorText } from '../text';
import { buildTopicIndex, searchTopics } from '../topic-search';
import { DrawDialog } from './draw-dialog';
import { TopicCard, type TopicView } from './topic-card';
import { UseInTimerDialog } from './use-in-timer-dialog';
import '../library.css';

const t = libraryText;

/** `/topic`: groups, Chinese full-text search with filters, favourites, 抽题 and "use in a timer". */
export function TopicsPage() {
  const account = useAccount();
  const signedIn = Boolean(account.data);
  const groups = useTopicGroups();
  const topics = useAllTopics();
  const favourites = useFavourites(signedIn);
  const setFavourite = useSetFavourite();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [type, setType] = useState('');
  const [year, setYear] = useState('');
  const [source, setSource] = useState('');
  const [tag, setTag] = useState('');
  const [onlyFavourites, setOnlyFavourites] = useState(false);
  const [drawOpen, setDrawOpen] = useState(false);
  const [using, setUsing] = useState<TopicView | null>(null);

  const all = useMemo(() => topics.data ?? [], [topics.data]);
  const index = useMemo(() => buildTopicIndex(all), [all]);
  const groupNames = useMemo(
    () => new Map((groups.data ?? []).map((group) => [group.id, group.name])),
    [groups.data],
  );
  const favouriteIds = useMemo(() => new Set(favourites.data ?? []), [favourites.data]);
  const options = useMemo(
    () => ({
      years: [
        ...new Set(all.map((topic) => topic.source.year).filter((value): value is number => value !== null)),
      ].sort((a, b) => b - a),
      sources: [...new Set(all.map((topic) => topic.source.tournament).filter(Boolean))].sort(),
      tags: [...new Set(all.flatMap((topic) => topic.tags))].sort(),
    }),
    [all],
  );
  const results = useMemo(() => {
    const byId = new Map(all.map((topic) => [topic.id, topic]));
    return searchTopics(index, all, deferredQuery)
      .map((id) => byId.get(id))
      .flatMap((topic) => (topic ? [topic as TopicView] : []))
      .filter((topic) => !type || topic.type === type)
      .filter((topic) => !year || String(topic.source.year) === year)
      .filter((topic) => !source || topic.source.tournament === source)
      .filter((topic) => !tag || topic.tags.includes(tag))
      .filter((topic) => !onlyFavourites || favouriteIds.has(topic.id));
  }, [all, index, deferredQuery, type, year, source, tag, onlyFavourites, favouriteIds]);

  const toggleFavourite = (topic: TopicView) =>
    setFavourite.mutate(
      { topicId: topic.id, on: !favouriteIds.has(topic.id) },
      { onError: (error) => void toast.error(errorText(error, t.generic)) },
    );

  return (
    <div className="lib-page">
      <header className="lib-head">
        <div>
          <h1 className="lib-title">{t.topics.title}</h1>
          <p className="lib-lead">{t.topics.lead}</p>
        </div>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => setDrawOpen(true)}
          data-testid="draw"
        >
          {t.topics.draw}
        </button>
      </header>

      <section className="lib-groups" aria-labelledby="lib-groups-title">
        <div className="lib-row lib-row--between">
          <h2 id="lib-groups-title" className="lib-subtitle">
            {t.topics.groups}
          </h2>
          {signedIn ? <NewGroupForm /> : null}
        </div>
        <ul className="lib-group-list">
          {(groups.data ?? []).map((group) => (
            <li key={group.id}>
              <Link className="lib-group" to={`/topic/${group.id}`}>
                <span className="lib-group__name">{group.name}</span>
                <span className="lib-muted">
                  {format(t.topics.groupTopics, { n: group.topicCount })}
                  {group.builtin ? ` · ${t.topics.builtin}` : ''}
                  {group.visibility !== 'public' ? ` · ${t.topics.visibility[group.visibility]}` : ''}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="lib-search" aria-label={t.topics.search}>
        <input
          className="input lib-search__input"
          type="search"
          placeholder={t.topics.searchPlaceholder}
          aria-label={t.topics.search}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="topic-search"
        />
        <div className="lib-filters">
          <select
            className="input"
            aria-label={t.topics.allTypes}
            value={type}
            onChange={(e) => setType(e.target.value)}
          >
            <option value="">{t.topics.allTypes}</option>
            {TOPIC_TYPES.map((value) => (
              <option key={value} value={value}>
                {t.types[value]}
              </option>
            ))}
          </select>
          <select
            className="input"
            aria-label={t.topics.allYears}
            value={year}
            onChange={(e) => setYear(e.target.value)}
          >
            <option value="">{t.topics.allYears}</option>
            {options.years.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
          <select
            className="input"
            aria-label={t.topics.allSources}
            value={source}
            onChange={(e) => setSource(e.target.value)}
          >
            <option value="">{t.topics.allSources}</option>
            {options.sources.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
          <select
            className="input"
            aria-label={t.topics.allTags}
            value={tag}
            onChange={(e) => setTag(e.target.value)}
          >
            <option value="">{t.topics.allTags}</option>
            {options.tags.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
          {signedIn ? (
            <label className="lib-check">
              <input
                type="checkbox"
                checked={onlyFavourites}
                onChange={(e) => setOnlyFavourites(e.target.checked)}
              />{' '}
              {t.topics.onlyFavourites}
            </label>
          ) : null}
        </div>
      </section>

      {topics.isError ? <p className="lib-error">{t.loadFailed}</p> : null}
      <p className="lib-muted" aria-live="polite">
        {topics.data ? format(t.topics.results, { n: results.length }) : t.loading}
      </p>
      {topics.data && results.length === 0 ? <p className="lib-empty">{t.topics.noResults}</p> : null}
      <div className="lib-topic-list" data-testid="topic-results">
        {results.map((topic) => (
          <TopicCard
            key={topic.id}
            topic={topic}
            groupName={
              groupNames.get(topic.groupId) === topic.source.tournament
                ? undefined
                : groupNames.get(topic.groupId)
            }
            favourite={favouriteIds.has(topic.id)}
            onFavourite={signedIn ? () => toggleFavourite(topic) : undefined}
            onUse={() => setUsing(topic)}
          />
        ))}
      </div>
      <DrawDialog
        open={drawOpen}
        candidates={results}
        onClose={() => setDrawOpen(false)}
        onUse={(topic) => {
          setDrawOpen(false);
          setUsing(topic);
        }}
      />
      <UseInTimerDialog topic={using} onClose={() => setUsing(null)} />
    </div>
  );
}

function NewGroupForm() {
  const create = useTRPCCreateGroup();
  const [name, setName] = useState('');
  return (
    <form
      className="lib-row"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(
          { group: { name } },
          { onSuccess: () => setName(''), onError: (error) => void toast.error(errorText(error, t.generic)) },
        );
      }}
    >
      <input
        className="input"
        placeholder={t.topics.newGroupName}
        aria-label={t.topics.newGroupName}
        value={name}
        maxLength={80}
        onChange={(e) => setName(e.target.value)}
      />
      <button type="submit" className="btn btn--secondary" disabled={create.isPending || !name.trim()}>
        {t.topics.newGroup}
      </button>
    </form>
  );
}
