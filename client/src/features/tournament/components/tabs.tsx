import {
  BP_POSITION_IDS,
  BP_POSITION_LABELS,
  TIE_BREAK_LABELS,
  type TournamentRound,
  type TournamentView,
} from '@bianshi/shared';
import { format } from '../../../i18n';
import { tournament as tournamentText } from '../../../i18n/zh-CN/tournament';
import { tournamentBp } from '../../../i18n/zh-CN/tournament-bp';
import { motionTab as motionText } from '../../../i18n/zh-CN/tournament-motions';
import { formatClockTime } from '../format';
import { bracketRoundsOf, teamsById } from '../view-model';
import { tournamentBpKnockout } from '../../../i18n/zh-CN/tournament-bp-knockout';
import { BpKnockout } from './bp-knockout';
import { Bracket } from './bracket';

const t = tournamentText;

/** 积分榜: one table per pool, in rank order, with the tie-break order under it. */
export function StandingsTab({ view }: { view: TournamentView }) {
  const teams = teamsById(view);
  // BP: team points (3-2-1-0 per room) first, firsts, then the speaker total; no 胜负 or 票数.
  const bp = view.teamsPerRoom === 4;
  if (view.standings.length === 0) return <p className="tm-empty">{t.standings.empty}</p>;
  return (
    <div className="tm-standings">
      {view.standings.map((pool) => (
        <section
          key={pool.poolId}
          className="tm-table-card"
          aria-label={pool.poolName}
          data-testid="tm-standings-pool"
        >
          <h3 className="tm-table-card__title">{pool.poolName}</h3>
          <div className="tm-table-scroll">
            <table className="tm-table">
              <thead>
                <tr>
                  <th scope="col">{t.standings.rank}</th>
                  <th scope="col" className="tm-table__name">
                    {t.standings.team}
                  </th>
                  <th scope="col">{t.standings.played}</th>
                  {bp ? (
                    <>
                      <th scope="col">{tournamentBp.teamPoints}</th>
                      <th scope="col">{tournamentBp.firsts}</th>
                    </>
                  ) : (
                    <>
                      <th scope="col">{t.standings.wins}</th>
                      <th scope="col">{t.standings.losses}</th>
                      <th scope="col">{t.standings.ballots}</th>
                    </>
                  )}
                  <th scope="col">{t.standings.points}</th>
                </tr>
              </thead>
              <tbody>
                {pool.rows.map((row) => (
                  <tr key={row.teamId} data-testid="tm-standings-row">
                    <td>{row.tied ? `=${row.rank}` : row.rank}</td>
                    <td className="tm-table__name">{teams.get(row.teamId)?.name ?? ''}</td>
                    <td>{row.played}</td>
                    {bp ? (
                      <>
                        <td data-testid="tm-standings-team-points">{row.teamPoints ?? 0}</td>
                        <td>{row.wins}</td>
                      </>
                    ) : (
                      <>
                        <td>{row.wins}</td>
                        <td>{row.losses}</td>
                        <td>{`${row.ballotsWon}–${row.ballotsLost}`}</td>
                      </>
                    )}
                    <td data-testid="tm-standings-points">
                      {!row.scored ? (
                        <span className="tm-muted" title={t.standings.noPoints}>
                          —
                        </span>
                      ) : Number.isInteger(row.speakerPoints) ? (
                        row.speakerPoints
                      ) : (
                        row.speakerPoints.toFixed(1)
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      <p className="tm-muted">
        {format(t.standings.tieBreak, {
          order: bp
            ? tournamentBp.tieBreakOrder
            : view.tieBreaks.map((item) => TIE_BREAK_LABELS[item]).join(' → '),
        })}
      </p>
    </div>
  );
}

/**
 * 淘汰赛: the bracket, once the knockout is drawn; in BP the elimination rooms and the champion.
 * Then each other break category's knockout (ESL, 新生…) under its name.
 */
export function BracketTab({ view }: { view: TournamentView }) {
  const bp = view.teamsPerRoom === 4;
  const rounds = bracketRoundsOf(view);
  const main = bp ? (
    <BpKnockout view={view} empty={<p className="tm-empty">{tournamentBpKnockout.empty}</p>} />
  ) : rounds.length === 0 ? (
    <p className="tm-empty">{t.bracket.empty}</p>
  ) : (
    <Bracket rounds={rounds} />
  );
  const categories = view.stages.filter((stage) => stage.kind === 'knockout' && stage.breakCategoryId);
  if (categories.length === 0) return main;
  return (
    <div className="tm-stack">
      {main}
      {categories.map((stage) => (
        <section
          key={stage.id}
          className="tm-stack"
          aria-label={stage.name}
          data-testid="tm-category-knockout"
        >
          <h3 className="tm-subtitle tm-subtitle--small">{stage.name}</h3>
          {bp ? (
            <BpKnockout view={view} stage={stage} />
          ) : (
            <Bracket rounds={bracketRoundsOf(view, stage.bracket)} />
          )}
        </section>
      ))}
    </div>
  );
}

/** 辩题: each round's released topics (the rest say when they will be). */
export function TopicsTab({ view }: { view: TournamentView }) {
  const rounds = view.rounds.filter(
    (round) => round.motions.length > 0 || (round.status === 'published' && round.fixtures.length > 0),
  );
  if (rounds.length === 0) return <p className="tm-empty">{t.topics.empty}</p>;
  return (
    <div className="tm-stack">
      <ol className="tm-topics">
        {rounds.map((round) => {
          if (round.motions.length > 0) return <RoundMotionsCard key={round.id} round={round} />;
          const seen = new Set<string>();
          const topics = round.fixtures
            .map((fixture) => fixture.topic)
            .filter((topic) => {
              const key = `${topic.text}|${topic.releaseAt}`;
              if (seen.has(key)) return false;
              seen.add(key);
              return true;
            });
          return (
            <li key={round.id} className="tm-topic" data-testid="tm-topic">
              <h3 className="tm-topic__round">{round.name}</h3>
              {topics.map((topic, index) =>
                topic.released && topic.text ? (
                  <div key={index}>
                    <p className="tm-topic__text">{topic.text}</p>
                    {(topic.affText || topic.negText) && (
                      <p className="tm-muted">
                        {topic.affText && format(t.topics.aff, { text: topic.affText })}
                        {topic.affText && topic.negText && '　'}
                        {topic.negText && format(t.topics.neg, { text: topic.negText })}
                      </p>
                    )}
                  </div>
                ) : (
                  <p key={index} className="tm-muted">
                    {!topic.set
                      ? t.topics.notSet
                      : topic.releaseAt
                        ? format(t.topics.hidden, { time: formatClockTime(topic.releaseAt) })
                        : t.topics.hiddenNoTime}
                  </p>
                ),
              )}
            </li>
          );
        })}
      </ol>
      <MotionStatsTable view={view} />
    </div>
  );
}

/** 参赛队伍: teams by pool (unassigned last), with school, seed and speakers. */
export function TeamsTab({ view }: { view: TournamentView }) {
  if (view.teams.length === 0) return <p className="tm-empty">{t.teams.empty}</p>;
  const pools = view.stages.flatMap((stage) => stage.pools);
  const poolName = new Map(pools.map((pool) => [pool.id, pool.name] as const));
  const sorted = [...view.teams].sort(
    (a, b) =>
      (poolName.get(a.poolId ?? '') ?? '\uffff').localeCompare(
        poolName.get(b.poolId ?? '') ?? '\uffff',
        'zh-CN',
      ) ||
      (a.seed ?? 999) - (b.seed ?? 999) ||
      a.name.localeCompare(b.name, 'zh-CN'),
  );
  return (
    <ul className="tm-team-grid" data-testid="tm-teams">
      {sorted.map((team) => (
        <li key={team.id} className="tm-team">
          <span className="tm-team__name">{team.name}</span>
          <span className="tm-muted">
            {[
              team.school,
              team.poolId && poolName.get(team.poolId),
              team.seed && format(t.bracket.seed, { n: team.seed }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
          {team.members.length > 0 && <span className="tm-team__members">{team.members.join('、')}</span>}
        </li>
      ))}
    </ul>
  );
}

/** 评委: the judges and the schools they stay away from. */
export function JudgesTab({ view }: { view: TournamentView }) {
  if (view.judges.length === 0) return <p className="tm-empty">{t.judges.empty}</p>;
  const schools = new Map(view.schools.map((school) => [school.key, school.name] as const));
  const assigned = (judgeId: string) =>
    view.rounds.reduce(
      (n, round) => n + round.fixtures.filter((fixture) => fixture.judgeIds.includes(judgeId)).length,
      0,
    );
  return (
    <ul className="tm-team-grid" data-testid="tm-judges">
      {view.judges.map((judge) => (
        <li key={judge.id} className="tm-team">
          <span className="tm-team__name">{judge.name}</span>
          <span className="tm-muted">{format(t.judges.fixtures, { n: assigned(judge.id) })}</span>
          {judge.conflicts.length > 0 && (
            <span className="tm-team__members">
              {format(t.judges.conflicts, {
                schools: judge.conflicts.map((key) => schools.get(key) ?? key).join('、'),
              })}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A round's released motions (several for prep by motion), each with its info slide. */
function RoundMotionsCard({ round }: { round: TournamentRound }) {
  return (
    <li className="tm-topic" data-testid="tm-topic">
      <h3 className="tm-topic__round">{round.name}</h3>
      {round.motions.map((motion) => (
        <div key={motion.id} className="tm-topic__motion" data-testid="tm-topic-motion">
          <p className="tm-topic__text">
            {motion.reference && <span className="tm-muted">{motion.reference} · </span>}
            {motion.text}
          </p>
          {motion.infoSlide && (
            <details className="tm-small">
              <summary>{motionText.infoSlide}</summary>
              <p className="tm-topic__slide">{motion.infoSlide}</p>
            </details>
          )}
        </div>
      ))}
    </li>
  );
}

/** 辩题统计: rooms decided on each released motion and how the sides (BP: positions) fared. */
function MotionStatsTable({ view }: { view: TournamentView }) {
  const rows = view.motionStats;
  if (rows.length === 0) return null;
  const bp = view.teamsPerRoom === 4;
  const columns = bp
    ? BP_POSITION_IDS.map((position) =>
        format(motionText.statsPoints, { position: BP_POSITION_LABELS[position] }),
      )
    : [
        format(motionText.statsWins, { side: t.fixtures.aff }),
        format(motionText.statsWins, { side: t.fixtures.neg }),
      ];
  const number = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });
  return (
    <section className="tm-table-card" aria-label={motionText.statsTitle} data-testid="tm-motion-stats">
      <h3 className="tm-table-card__title">{motionText.statsTitle}</h3>
      <div className="tm-table-scroll">
        <table className="tm-table tm-table--motions">
          <thead>
            <tr>
              <th scope="col">{motionText.statsMotion}</th>
              <th scope="col">{motionText.statsRooms}</th>
              {columns.map((label) => (
                <th key={label} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.motionId} data-testid="tm-motion-stats-row">
                <td>
                  {row.reference && <span className="tm-muted">{row.reference} · </span>}
                  {row.text}
                </td>
                <td>{row.rooms}</td>
                {row.rooms === 0 ? (
                  <td colSpan={columns.length} className="tm-muted">
                    {motionText.statsEmpty}
                  </td>
                ) : (
                  (bp ? row.averages : row.positionPoints).map((value, index) => (
                    <td key={index}>{number.format(value)}</td>
                  ))
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
