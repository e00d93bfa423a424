import { FullscreenButton } from '../../../components/ui/fullscreen-button';
import type { LiveRound } from '@bianshi/shared';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Link, useParams } from 'react-router';
import { useStore } from 'zustand';
import { TimerDisplay } from '../../../components/timer-display';
import { format, messages } from '../../../i18n';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import type { LobbyStore } from '../../../lib/realtime/lobby';
import { runtimeFor } from '../../../lib/realtime/timer';
import { useTRPCClient } from '../../../lib/api/trpc';
import { useLiveRound } from '../api/tournament-queries';
import { tournamentErrorMessage } from '../api/tournament-errors';
import { useClockFacts, useFixtureClock, useRoundClocks } from '../hooks/use-round-clocks';
import { liveFixtureStatus } from '../view-model';
import { StatusPill } from './fixture-tile';
import { useTournamentTitle } from '../hooks/use-tournament-title';
import '../wall.css';

const t = tournamentText.wall;
type Tile = LiveRound['tiles'][number];

/** Longest wait scheduled for a topic release (setTimeout's limit is ~24.8 days). */
const MAX_WAIT_MS = 2 ** 31 - 1;

/** From this many tiles the wall packs them small: every room of a big round on one screen. */
const DENSE_FROM = 25;

/**
 * Columns for `n` tiles on a wide screen: as square a grid as fits (1 → 1, 2 → 2, 3–4 → 2, 5–6 → 3,
 * 7–9 → 3 …); packed tiles are wider than tall, so more columns (100 → 15, seven rows on 16:9).
 */
export function wallColumns(n: number): number {
  if (n <= 2) return Math.max(1, n);
  return Math.ceil(Math.sqrt(n >= DENSE_FROM ? n * 2.2 : n));
}

/**
 * `/worldcup/:slug/live/:roundId`: every fixture of a round as a tile with its synced clock
 * and stage, for a venue's projector. ONE subscription (the round's lobby, `lobby.watch`) feeds
 * every clock; `tournament.watch` says when the round itself changed.
 */
export function LiveWallPage() {
  const { slug = '', roundId } = useParams();
  const live = useLiveRound(slug, roundId);
  const data = live.data;
  const name = data?.tournamentName;
  useTournamentTitle(name && data?.round ? `${data.round.name} · ${name}` : name);
  const [onlyLive, setOnlyLive] = useState(false);
  const wall = useRef<HTMLDivElement>(null);
  const store = useRoundClocks(data?.lobby ?? null, !!data?.lobby);
  // Status and topic follow the clocks' own watch; the hub's reading fills in until a clock's first frame.
  const facts = useClockFacts(store, data?.tiles.map((tile) => tile.timerId) ?? []);
  const refetch = live.refetch;
  const nextRelease = data?.nextTopicReleaseAt ?? null;
  useEffect(() => {
    if (nextRelease === null) return;
    const timeout = setTimeout(
      () => void refetch(),
      Math.min(Math.max(nextRelease - Date.now(), 0) + 500, MAX_WAIT_MS),
    );
    return () => clearTimeout(timeout);
  }, [nextRelease, refetch]);

  if (live.isError) {
    return (
      <div className="tw-wall tw-wall--message" role="alert" data-testid="tw-error">
        <p>{tournamentErrorMessage(live.error)}</p>
        <Link className="btn btn--primary" to={`/worldcup/${slug}`}>
          {t.back}
        </Link>
      </div>
    );
  }
  if (!data) return <div className="tw-wall tw-wall--message">{t.loading}</div>;

  const all = data.tiles.map((tile) => {
    const fact = facts[tile.timerId];
    return {
      ...tile,
      status: liveFixtureStatus(tile.status, fact?.clock ?? null),
      topic: fact?.topic ?? tile.topic,
    };
  });
  const tiles = onlyLive ? all.filter((tile) => tile.status === 'live') : all;
  const liveCount = all.filter((tile) => tile.status === 'live').length;
  const topics = [...new Set(all.map((tile) => tile.topic).filter((topic): topic is string => !!topic))];
  // One topic for the whole round goes in the header; different topics go on their tiles.
  const roundTopic = topics.length === 1 && all.every((tile) => tile.topic === topics[0]) ? topics[0]! : null;
  return (
    <div className="tw-wall" ref={wall} data-testid="tw-wall" data-count={tiles.length}>
      <header className="tw-head">
        <div className="tw-head__titles">
          <h1 className="tw-title">{name ?? ''}</h1>
          {data.round && <p className="tw-round">{data.round.name}</p>}
        </div>
        <p className="tw-count" data-testid="tw-count">
          {format(t.count, { live: liveCount, total: all.length })}
        </p>
        <div className="tw-head__actions">
          <ConnectionNote store={store} />
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => setOnlyLive((v) => !v)}
            aria-pressed={onlyLive}
            data-testid="tw-only-live"
          >
            {onlyLive ? t.showAll : t.showLive}
          </button>
          <FullscreenButton
            target={wall}
            className="btn btn--ghost btn--sm"
            labels={{ enter: t.fullscreen, exit: t.exitFullscreen }}
          />
          {data.staff && data.round && (
            <Link
              className="btn btn--ghost btn--sm"
              to={`/worldcup/${slug}/manage/overview/${data.round.id}`}
            >
              {messages.routes.titles.worldcupOverview}
            </Link>
          )}
          <Link className="btn btn--ghost btn--sm tw-back" to={`/worldcup/${slug}`}>
            {t.back}
          </Link>
        </div>
      </header>
      {roundTopic && (
        <p className="tw-topic" data-testid="tw-topic">
          <span className="tw-topic__label">{t.topic}</span>
          {roundTopic}
        </p>
      )}
      {!data.lobby ? (
        <p className="tw-empty">{t.notPublished}</p>
      ) : tiles.length === 0 ? (
        <p className="tw-empty">{t.empty}</p>
      ) : (
        <div
          className="tw-grid"
          data-dense={tiles.length >= DENSE_FROM || undefined}
          style={{ '--tw-cols': wallColumns(tiles.length) } as CSSProperties}
        >
          {tiles.map((tile) => (
            <WallTile key={tile.fixtureId} tile={tile} store={store} showTopic={!roundTopic} />
          ))}
        </div>
      )}
    </div>
  );
}

function WallTile({ tile, store, showTopic }: { tile: Tile; store: LobbyStore; showTopic: boolean }) {
  const clock = useFixtureClock(store, tile.timerId);
  return (
    <article className="tw-tile" data-status={tile.status} data-testid="tw-tile" data-timer-id={tile.timerId}>
      <header className="tw-tile__head">
        <span className="tw-tile__venue">{tile.venue}</span>
        <StatusPill status={tile.status} />
      </header>
      {tile.cg !== undefined || tile.co !== undefined ? (
        // A BP room: government (OG, CG) against opposition (OO, CO).
        <p className="tw-tile__teams" data-bp="true">
          <span className="tw-tile__team" data-side="aff">
            <span data-testid="tw-bp-seat">{`OG ${tile.aff}`}</span>
            <span data-testid="tw-bp-seat">{`CG ${tile.cg ?? ''}`}</span>
          </span>
          <span className="tw-tile__vs">vs</span>
          <span className="tw-tile__team" data-side="neg">
            <span data-testid="tw-bp-seat">{`OO ${tile.neg}`}</span>
            <span data-testid="tw-bp-seat">{`CO ${tile.co ?? ''}`}</span>
          </span>
        </p>
      ) : (
        <p className="tw-tile__teams">
          <span className="tw-tile__team" data-side="aff">
            {tile.aff}
          </span>
          <span className="tw-tile__vs">vs</span>
          <span className="tw-tile__team" data-side="neg">
            {tile.neg}
          </span>
        </p>
      )}
      {showTopic && tile.topic && (
        <p className="tw-tile__topic" data-testid="tw-tile-topic">
          {tile.topic}
        </p>
      )}
      <div className="tw-tile__clock">
        {clock ? (
          <TimerDisplay store={clock} variant="compact" flashOnBell={false} />
        ) : (
          <span className="tw-tile__waiting">{t.loading}</span>
        )}
      </div>
    </article>
  );
}

/** 连接已断开 while the socket is down (the clocks keep counting from their last state). */
function ConnectionNote({ store }: { store: LobbyStore }) {
  const client = useTRPCClient();
  const status = useStore(runtimeFor(client).connection, (s) => s.status);
  const error = useStore(store, (s) => s.error);
  if (error)
    return (
      <span className="tw-offline" role="alert">
        {error.message}
      </span>
    );
  if (status === 'offline' || status === 'reconnecting')
    return (
      <span className="tw-offline" role="status">
        {t.offline}
      </span>
    );
  return null;
}
